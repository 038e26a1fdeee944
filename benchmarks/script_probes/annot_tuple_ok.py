# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
from torch import nn


def scale(x: torch.Tensor, factors: Tuple[float, float]) -> torch.Tensor:
    return x * factors[0] + factors[1]


class Model(nn.Module):
    def forward(self, x):
        return scale(x, (2.0, 1.0))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
