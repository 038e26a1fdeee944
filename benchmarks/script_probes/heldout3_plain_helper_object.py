# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x * self.factor


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.scaler = Scaler(0.5)

    def forward(self, x):
        return self.scaler.apply(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
