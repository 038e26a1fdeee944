import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)
        self.momentum = 0.9
        self.register_buffer("running", T.zeros(dim))
        self.calls = 0

    def forward(self, x):
        h = self.fc(x)
        self.calls += 1  # breaks: export,trace
        scale = 1.0 / self.calls
        return h * scale + self.running


def inputs():
    return [(T.randn(2, 8),), (T.randn(2, 8),)]
