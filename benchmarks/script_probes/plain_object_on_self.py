# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Scaler:
    def __init__(self, factor):
        self.factor = factor
        self.calls = {}

    def apply(self, x):
        return x * self.factor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scaler = Scaler(2.0)

    def forward(self, x):
        return self.scaler.apply(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
