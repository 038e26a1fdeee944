import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = tnn.ModuleList([tnn.Linear(4, 4) for _ in range(2)])

    def forward(self, x):
        total = None
        for block in self.blocks:
            x = block(x)
            total = x if total is None else total + x
        return total


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
