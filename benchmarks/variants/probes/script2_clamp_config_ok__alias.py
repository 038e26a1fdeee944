import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, lo: float = -1.0, hi: float = 1.0):
        super().__init__()
        self.lo = lo
        self.hi = hi
        self.fc = tnn.Linear(4, 4)

    def forward(self, x, scale: float = 1.0):
        y = self.fc(x) * scale
        if self.training:
            y = y + 0.0
        return y.clamp(self.lo, self.hi)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4), 2.0)]
