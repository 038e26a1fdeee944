# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class AdaptiveBins(nn.Module):
    def __init__(self, max_bins: int = 6):
        super().__init__()
        self.max_bins = max_bins

    def forward(self, x):
        n = min(max(math.floor(x.abs().mean() * 4), 1), self.max_bins)
        return torch.histc(x, bins=n, min=-3.0, max=3.0)


Model = AdaptiveBins


def inputs():
    torch.manual_seed(2529)
    return [(torch.randn(20),), (torch.randn(30) * 0.3,)]
