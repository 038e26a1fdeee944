# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Union

import torch
import torch.nn.functional as F
from torch import nn


def to_pair(size: Union[int, List[int]]) -> List[int]:
    if isinstance(size, int):
        return [size, size]
    return size


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x, out_size: int):
        hw = to_pair(out_size)
        return F.adaptive_avg_pool2d(self.conv(x), hw)


def inputs():
    return [(torch.randn(1, 2, 8, 8), 2), (torch.randn(2, 2, 6, 9), 3)]
