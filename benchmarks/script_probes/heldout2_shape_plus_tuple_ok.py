# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return x.reshape(x.shape + (1,))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
