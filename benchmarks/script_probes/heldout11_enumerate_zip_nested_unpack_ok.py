# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn

KERNELS = [1, 3, 5]
DILATIONS = [1, 1, 2]


class MultiBranch(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.kernels: List[int] = KERNELS
        self.dilations: List[int] = DILATIONS
        self.conv = nn.Conv1d(ch, ch, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.conv(x)
        for i, (k, d) in enumerate(zip(self.kernels, self.dilations)):
            pad = (k // 2) * d
            out = out + (i + 1) * nn.functional.avg_pool1d(x, k, 1, pad // d)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.branch = MultiBranch()

    def forward(self, x):
        return self.branch(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 9),), (torch.randn(2, 4, 12),)]
