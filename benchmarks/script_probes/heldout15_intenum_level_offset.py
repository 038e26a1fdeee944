# ruff: noqa  (a probe is written as users write models)
from enum import IntEnum

import torch
import torch.nn as nn


class Level(IntEnum):
    COARSE = 0
    MID = 1
    FINE = 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        depth = Level.FINE + 1
        y = self.proj(x)
        for _ in range(depth):
            y = torch.tanh(y) + x
        return y


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
