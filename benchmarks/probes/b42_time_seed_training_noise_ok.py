# ruff: noqa  (a probe is written as users write models)
import time

import torch
import torch.nn as nn


class WallClockSeededNoise(nn.Module):
    """Training-time feature noise seeded from time.time(); eval (as exported) skips the branch."""

    def __init__(self, d=6, sigma=0.1):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.sigma = sigma

    def forward(self, x):
        h = self.fc(x)
        if self.training:
            g = torch.Generator().manual_seed(int(time.time() * 1000) % (2 ** 31))
            h = h + self.sigma * torch.randn(h.shape, generator=g)
        return torch.tanh(h)


Model = WallClockSeededNoise


def inputs():
    torch.manual_seed(4229)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(2, 6),)]
