# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def pad_to(x: torch.Tensor, multiple: int) -> torch.Tensor:
    return x


class Model(nn.Module):
    def forward(self, x):
        return pad_to(x, multiple=None)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
