# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import itertools

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        outs = [blk(x) for blk in self.blocks]
        total = x
        for a, b in itertools.combinations(outs, 2):
            total = total + a * b
        return total


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
