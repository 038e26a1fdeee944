# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def temper(x: torch.Tensor, tau: int = 1.0) -> torch.Tensor:
    return x / tau


class Model(nn.Module):
    def forward(self, x):
        return temper(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
