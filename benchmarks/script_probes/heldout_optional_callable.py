from typing import Callable, Optional

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def block(x: torch.Tensor, act: Optional[Callable] = None) -> torch.Tensor:
    return x if act is None else act(x)


class Model(nn.Module):
    def forward(self, x):
        return block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
