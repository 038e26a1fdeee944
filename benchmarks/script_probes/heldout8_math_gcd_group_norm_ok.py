# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn.functional as F
from torch import nn


class AdaptiveGroupNorm(nn.Module):
    def __init__(self, channels: int, max_groups: int = 8, eps: float = 1e-5):
        super().__init__()
        self.max_groups = max_groups
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        groups = math.gcd(x.shape[1], self.max_groups)
        return F.group_norm(x, groups, self.weight, self.bias, self.eps)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 12, 3, padding=1)
        self.norm = AdaptiveGroupNorm(12)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 5, 9),)]
