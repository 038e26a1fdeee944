# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.ReLU()])

    def forward(self, x):
        if any(isinstance(m, nn.ReLU) for m in self.layers):
            x = x + 1
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
