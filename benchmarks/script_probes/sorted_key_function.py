# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


def _neg(v: int) -> int:
    return -v


class Model(nn.Module):
    def forward(self, x):
        dims: List[int] = sorted([x.size(0), x.size(1)], key=_neg)
        return x * dims[0]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
