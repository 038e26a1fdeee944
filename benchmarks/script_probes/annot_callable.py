# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Callable

import torch
from torch import nn


def apply(fn: Callable[[torch.Tensor], torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    return fn(x)


class Model(nn.Module):
    def forward(self, x):
        return apply(torch.relu, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
