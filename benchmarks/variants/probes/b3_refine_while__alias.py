import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        steps = 0
        while h.abs().max() > 1.0 and steps < 10:  # breaks: compile,export,trace
            h = h / 2
            steps += 1
        return h


def inputs():
    return [(T.randn(2, 8),), (T.randn(3, 8) * 20,)]
