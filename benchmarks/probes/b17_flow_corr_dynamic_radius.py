import torch
import torch.nn as nn
import torch.nn.functional as F


class LocalCorrelation(nn.Module):
    def __init__(self, max_radius: int = 3):
        super().__init__()
        self.max_radius = max_radius

    def search_radius(self, init_flow):
        mag = init_flow.abs().amax()
        return min(self.max_radius, int(torch.ceil(mag)) + 1)  # breaks: compile,export,trace

    def forward(self, f1, f2, init_flow):
        r = self.search_radius(init_flow)
        f2p = F.pad(f2, (r, r, r, r))
        h, w = f1.shape[-2:]
        costs = []
        for dy in range(2 * r + 1):  # breaks: compile
            for dx in range(2 * r + 1):
                costs.append((f1 * f2p[..., dy:dy + h, dx:dx + w]).mean(1, keepdim=True))
        return torch.cat(costs, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.corr = LocalCorrelation()
        self.head = nn.Conv2d(1, 2, 3, padding=1)

    def forward(self, im1, im2, init_flow):
        cost = self.corr(self.enc(im1), self.enc(im2), init_flow)
        return self.head(cost.max(1, keepdim=True).values) + init_flow


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(1, 3, 16, 16), torch.randn(1, 3, 16, 16), torch.zeros(1, 2, 8, 8)),
        (torch.randn(1, 3, 16, 16), torch.randn(1, 3, 16, 16), torch.full((1, 2, 8, 8), 1.5)),
    ]
