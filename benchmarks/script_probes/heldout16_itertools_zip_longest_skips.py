# ruff: noqa  (a probe is written as users write models)
from itertools import zip_longest

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.ups = nn.ModuleList([nn.Linear(dim, dim) for _ in range(3)])

    def forward(self, x, s0, s1):
        skips = [s0, s1]
        for up, skip in zip_longest(self.ups, skips):
            x = up(x)
            if skip is not None:
                x = x + skip
        return x


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 8), torch.randn(2, 8), torch.randn(2, 8)),
        (torch.randn(4, 8), torch.randn(4, 8), torch.randn(4, 8)),
    ]
