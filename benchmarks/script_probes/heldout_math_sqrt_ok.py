import math

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def diag(h: int, w: int) -> float:
    return math.sqrt(float(h * h + w * w))


class Model(nn.Module):
    def forward(self, x):
        return x / diag(x.size(0), x.size(1))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
