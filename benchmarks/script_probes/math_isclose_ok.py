# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return x * math.copysign(1.0, -2.0) + math.gcd(4, 6)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
