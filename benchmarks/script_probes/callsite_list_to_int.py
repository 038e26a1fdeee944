# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def crop(x: torch.Tensor, size: int) -> torch.Tensor:
    return x[:, :size]


class Model(nn.Module):
    def forward(self, x):
        return crop(x, [2, 2])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
