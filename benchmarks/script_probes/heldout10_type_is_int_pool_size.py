# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Union

import torch
import torch.nn.functional as F
from torch import nn


class FlexiblePool(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, x: torch.Tensor, size: Union[int, List[int]]) -> torch.Tensor:
        if type(size) is int:
            out_hw = [size, size]
        else:
            out_hw = size
        return F.adaptive_avg_pool2d(self.conv(x), out_hw)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = FlexiblePool()

    def forward(self, x, size: Union[int, List[int]]):
        return self.pool(x, size)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 8, 8), 2), (torch.randn(2, 2, 6, 6), [3, 2])]
