# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def describe(x: torch.Tensor) -> str:
    return f"rows={x.size(0):03d}"


class Model(nn.Module):
    def forward(self, x):
        tag = describe(x)
        if len(tag) > 100:
            x = x * 2
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
