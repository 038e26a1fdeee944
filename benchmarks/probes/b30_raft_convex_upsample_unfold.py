import torch
from torch import nn
import torch.nn.functional as F


def convex_upsample(flow, mask, factor):
    n, _, h, w = flow.shape
    mask = mask.view(n, 1, 9, factor, factor, h, w).softmax(dim=2)
    up = F.unfold(factor * flow, [3, 3], padding=1).view(n, 2, 9, 1, 1, h, w)
    up = (mask * up).sum(dim=2).permute(0, 1, 4, 2, 5, 3)
    return up.reshape(n, 2, factor * h, factor * w)


class UpdateHead(nn.Module):
    def __init__(self, hidden=32, factor=4):
        super().__init__()
        self.factor = factor
        self.flow_head = nn.Sequential(nn.Conv2d(hidden, 32, 3, padding=1), nn.ReLU(True), nn.Conv2d(32, 2, 3, padding=1))
        self.mask_head = nn.Sequential(nn.Conv2d(hidden, 32, 3, padding=1), nn.ReLU(True), nn.Conv2d(32, 9 * factor ** 2, 1))

    def forward(self, net, coarse_flow):
        delta = self.flow_head(net)
        mask = 0.25 * self.mask_head(net)
        flow = coarse_flow + delta
        return flow, convex_upsample(flow, mask, self.factor)


Model = UpdateHead


def inputs():
    torch.manual_seed(3014)
    return [
        (torch.randn(2, 32, 6, 8), torch.randn(2, 2, 6, 8)),
        (torch.randn(1, 32, 6, 8), torch.zeros(1, 2, 6, 8)),
    ]
