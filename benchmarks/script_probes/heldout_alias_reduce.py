import functools as ft
import operator

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = ft.reduce(operator.mul, x.shape, 1)
        return x.reshape(n)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
