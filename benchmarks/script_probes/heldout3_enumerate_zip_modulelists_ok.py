# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])
        self.norms = nn.ModuleList([nn.LayerNorm(4) for _ in range(2)])

    def forward(self, x):
        for i, (layer, norm) in enumerate(zip(self.layers, self.norms)):
            x = norm(layer(x)) * (i + 1)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
