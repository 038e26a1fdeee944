import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = tnn.ModuleList([tnn.Linear(4, 4) for _ in range(3)])
        self.gains = [1.0, 0.5, 0.25]

    def forward(self, x):
        for block, gain in zip(self.blocks, self.gains):
            x = x + gain * T.relu(block(x))
        return x


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
