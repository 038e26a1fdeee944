# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        mantissa, exponent = math.frexp(float(x.size(-1)))
        return x * mantissa + exponent


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
