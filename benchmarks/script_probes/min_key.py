# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        parts = x.chunk(2, dim=-1)
        smallest = min(parts, key=lambda t: t.numel())
        return smallest * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
