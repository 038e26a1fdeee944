# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Any

import torch
from torch import nn


def scale(x: torch.Tensor, factor: Any) -> torch.Tensor:
    return x * factor


class Model(nn.Module):
    def forward(self, x):
        return scale(x, 2.0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
