# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn
import torch.nn.functional as F


class MultiWindowPool(nn.Module):
    """Pools with two window sizes; pads the sequence to a length both divide."""

    def __init__(self, w1: int = 2, w2: int = 3, dim: int = 4):
        super().__init__()
        self.w1 = w1
        self.w2 = w2
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        period = math.lcm(self.w1, self.w2)
        pad = (period - n % period) % period
        x = F.pad(x, (0, 0, 0, pad))
        a = F.avg_pool1d(x.transpose(1, 2), self.w1).mean(-1)
        b = F.avg_pool1d(x.transpose(1, 2), self.w2).mean(-1)
        return self.proj(a + b)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = MultiWindowPool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 7, 4),), (torch.randn(3, 12, 4),)]
