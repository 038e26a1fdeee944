# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        total = sum(t.sum() for t in x.unbind(0))
        return x * total


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
