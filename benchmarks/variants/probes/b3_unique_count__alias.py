import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x, labels):
        n_classes = T.unique(labels).numel()
        h = self.fc(x)
        return h.sum(0) / n_classes


def inputs():
    return [
        (T.randn(4, 8), T.tensor([0, 1, 1, 2])),
        (T.randn(5, 8), T.tensor([3, 3, 3, 3, 1])),
    ]
