# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1.0

    def forward(self, x):
        setattr(self, "scale", 2.0)
        return x * self.scale


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
