# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch.jit import Final


class StridedStem(nn.Module):
    strides: Final[Tuple[int, int, int]]

    def __init__(self, dim: int = 4):
        super().__init__()
        self.strides = (1, 2, 2)
        self.convs = nn.ModuleList(nn.Conv2d(dim, dim, 3, stride=s, padding=1) for s in self.strides)

    def forward(self, x):
        total = 1
        for s in self.strides:
            total = total * s
        for conv in self.convs:
            x = torch.relu(conv(x))
        return x, total


Model = StridedStem


def inputs():
    torch.manual_seed(2318)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 12, 6),)]
