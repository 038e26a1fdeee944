# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Iterable

import torch
from torch import nn


def total(parts: Iterable[torch.Tensor]) -> torch.Tensor:
    out = torch.zeros(1)
    for p in parts:
        out = out + p.sum()
    return out


class Model(nn.Module):
    def forward(self, x):
        return x * total([x, x + 1])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
