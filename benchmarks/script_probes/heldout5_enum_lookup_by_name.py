# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import enum

import torch
from torch import nn


class PoolType(enum.Enum):
    MEAN = 0
    MAX = 1


class Pooler(nn.Module):
    def __init__(self, pool: str = "MAX"):
        super().__init__()
        self.pool = pool

    def forward(self, x):
        kind = PoolType[self.pool]
        if kind == PoolType.MAX:
            return x.max(1)[0]
        return x.mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)
        self.pooler = Pooler("MAX")

    def forward(self, x):
        return self.pooler(self.enc(x))


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 6, 4),)]
