# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Sequence

import torch
from torch import nn


def scale_all(x: torch.Tensor, factors: Sequence[float]) -> torch.Tensor:
    for f in factors:
        x = x * f
    return x


class Model(nn.Module):
    def forward(self, x):
        return scale_all(x, [1.0, 2.0])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
