# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2.0
        self.names = ["a", "b"]

    def forward(self, x):
        return x * self.factor * len(self.names)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
