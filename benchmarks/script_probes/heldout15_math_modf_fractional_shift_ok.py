# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, shift=2.75):
        super().__init__()
        self.shift = shift
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        frac, whole = math.modf(self.shift)
        y = torch.roll(self.proj(x), int(whole), dims=-1)
        return y * (1.0 - frac) + x * frac


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
