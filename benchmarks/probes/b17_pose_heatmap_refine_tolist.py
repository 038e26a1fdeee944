import torch
from torch import nn


def refine_peaks(heatmaps, coords):
    """Quarter-pixel shift towards the higher neighbour (HRNet/SimpleBaseline post-processing)."""
    n, k, h, w = heatmaps.shape
    out = coords.clone()
    for b in range(n):
        for j in range(k):
            px, py = coords[b, j].long().tolist()  # breaks: compile,trace
            hm = heatmaps[b, j]
            if 1 < px < w - 1 and 1 < py < h - 1:  # breaks: compile,export,trace
                dx = hm[py, px + 1] - hm[py, px - 1]
                dy = hm[py + 1, px] - hm[py - 1, px]
                out[b, j] += torch.stack([dx.sign(), dy.sign()]) * 0.25
    return out


class Model(nn.Module):
    def __init__(self, num_joints=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, num_joints, 1))

    def forward(self, img):
        hm = self.backbone(img)
        n, k, h, w = hm.shape
        idx = hm.flatten(2).argmax(-1)
        coords = torch.stack([idx % w, idx // w], -1).float()
        return refine_peaks(hm, coords)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 12, 12),), (torch.randn(2, 3, 12, 12),)]
