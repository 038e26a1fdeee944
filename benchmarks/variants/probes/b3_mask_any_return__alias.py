import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x, mask):
        if not mask.any():  # breaks: compile,export,trace
            return x
        h = self.fc(x)
        return T.where(mask[:, None], h, x)


def inputs():
    return [
        (T.randn(3, 8), T.tensor([False, False, False])),
        (T.randn(4, 8), T.tensor([True, False, True, False])),
    ]
