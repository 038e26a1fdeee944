# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class MultiScaleHead(nn.Module):
    def __init__(self, scales: List[int] = [4, 8, 16]):
        super().__init__()
        self.scales = scales
        self.proj = nn.Conv2d(3, 3, 1)

    def nearest_scale(self, size: int) -> int:
        return min(self.scales, key=lambda s: abs(s - size))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = self.nearest_scale(x.shape[-1])
        x = F.interpolate(x, size=(s, s), mode="nearest")
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = MultiScaleHead()

    def forward(self, x):
        return self.head(x)


def inputs():
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(1, 3, 13, 13),)]
