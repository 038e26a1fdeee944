# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ShapeError(ValueError):
    pass


def check_rank(x: torch.Tensor) -> None:
    if x.dim() != 2:
        raise ShapeError("expected a 2-d input")


class Model(nn.Module):
    def forward(self, x):
        check_rank(x)
        return x + 1


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
