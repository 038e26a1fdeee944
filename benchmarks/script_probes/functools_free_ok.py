# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch.nn.functional as F
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return F.gelu(x, approximate="tanh")


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
