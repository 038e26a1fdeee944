# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])
        self.active_depth = 2

    def forward(self, x):
        for layer in self.layers[: self.active_depth]:
            x = torch.relu(layer(x))
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
