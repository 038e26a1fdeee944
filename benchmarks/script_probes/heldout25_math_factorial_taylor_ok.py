# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class TaylorExp(nn.Module):
    def __init__(self, order: int = 4):
        super().__init__()
        self.order = order
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        x = x * self.scale
        out = torch.ones_like(x)
        term = torch.ones_like(x)
        for k in range(1, self.order + 1):
            term = term * x
            out = out + term / math.factorial(k)
        return out


Model = TaylorExp


def inputs():
    torch.manual_seed(2510)
    return [(torch.randn(2, 3) * 0.5,), (torch.randn(4, 1) * 0.5,)]
