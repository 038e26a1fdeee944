import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x):
        n = max(x.size(1) - 1, 1)
        h = self.fc(x)
        return (h.sum(1) - h[:, 0]) / n


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(2, 6, 8),)]
