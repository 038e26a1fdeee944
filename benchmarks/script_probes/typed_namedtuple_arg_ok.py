# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import NamedTuple

import torch
from torch import nn


class Dims(NamedTuple):
    inner: int
    outer: int


def crop(x: torch.Tensor, dims: Dims) -> torch.Tensor:
    return x[:, : dims.inner]


class Model(nn.Module):
    def forward(self, x):
        return crop(x, Dims(2, 4))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
