# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x):
        for blk in reversed(self.blocks):
            x = blk(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
