# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class LevelPooler(nn.Module):
    def __init__(self, min_level: int = 1, max_level: int = 3):
        super().__init__()
        self.levels = range(min_level, max_level + 1)
        self.proj = nn.Conv2d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> List[torch.Tensor]:
        outs: List[torch.Tensor] = []
        for level in self.levels:
            outs.append(self.proj(F.avg_pool2d(x, 2**level)))
        return outs


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = LevelPooler()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 16, 16),), (torch.randn(2, 2, 8, 24),)]
