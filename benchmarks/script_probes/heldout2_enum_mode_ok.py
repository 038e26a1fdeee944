# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import enum

import torch
from torch import nn


class Pool(enum.Enum):
    MEAN = 0
    MAX = 1


class Model(nn.Module):
    def __init__(self, pool: Pool = Pool.MEAN):
        super().__init__()
        self.pool = pool

    def forward(self, x):
        if self.pool == Pool.MAX:
            return x.amax(-1)
        return x.mean(-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
