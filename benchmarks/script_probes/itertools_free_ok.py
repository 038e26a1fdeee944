# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        outs = [blk(x) for blk in self.blocks]
        total = x
        for i in range(len(outs)):
            for j in range(i + 1, len(outs)):
                total = total + outs[i] * outs[j]
        return total


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
