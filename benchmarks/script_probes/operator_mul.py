# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import operator

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return operator.mul(x, 2)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
