# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    def forward(self, x):
        for depth, blk in enumerate(self.blocks, start=1):
            x = x + blk(x) / depth
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
