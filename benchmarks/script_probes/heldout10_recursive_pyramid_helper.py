# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class Pyramid(nn.Module):
    def __init__(self, min_size: int = 2):
        super().__init__()
        self.min_size = min_size
        self.conv = nn.Conv2d(3, 3, 1)

    def build(self, x: torch.Tensor, levels: List[torch.Tensor]) -> List[torch.Tensor]:
        levels.append(x)
        if x.shape[-1] <= self.min_size:
            return levels
        return self.build(F.avg_pool2d(x, 2), levels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        levels = self.build(self.conv(x), [])
        return torch.stack([lv.mean((2, 3)) for lv in levels], 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pyramid = Pyramid()

    def forward(self, x):
        return self.pyramid(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 8, 8),)]
