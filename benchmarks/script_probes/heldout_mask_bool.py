# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        keep = (x > 0).bool()
        return x.masked_fill(~keep, 0.0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
