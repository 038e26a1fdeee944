# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class GateA(nn.Module):
    def forward(self, x):
        return x


class GateB(nn.Module):
    def forward(self, x):
        return x * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = GateA()

    def forward(self, x):
        if isinstance(self.gate, (GateA, GateB)):
            return self.gate(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
