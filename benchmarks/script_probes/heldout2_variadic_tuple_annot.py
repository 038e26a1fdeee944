# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
from torch import nn


def halves(x: torch.Tensor) -> Tuple[torch.Tensor, ...]:
    return x.chunk(2, dim=-1)


class Model(nn.Module):
    def forward(self, x):
        a, b = halves(x)
        return a + b


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
