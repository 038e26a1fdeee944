# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = min(x.size(0), 4)
        m = max([x.size(1), 2])
        return x[:n] * m


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
