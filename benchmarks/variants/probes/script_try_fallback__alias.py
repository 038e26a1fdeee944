import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.conv = tnn.Conv1d(3, 3, 3, padding=1)

    def forward(self, x):
        try:
            y = self.conv(x)
        except RuntimeError:
            y = x
        return y.relu()


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(1, 3, 5),)]
