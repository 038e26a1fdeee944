# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import copy
from typing import List

import torch
from torch import nn


class PatchMerger(nn.Module):
    def __init__(self, out_hw: List[int] = [2, 2]):
        super().__init__()
        self.out_hw = out_hw
        self.pool = nn.AdaptiveAvgPool2d(1)

    def target_shape(self, x: torch.Tensor) -> List[int]:
        shape = copy.copy(self.out_hw)
        shape.insert(0, x.shape[1])
        shape.insert(0, x.shape[0])
        return shape

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.pool(x).expand(self.target_shape(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.merge = PatchMerger()

    def forward(self, x):
        return self.merge(x)


def inputs():
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 2, 5, 5),)]
