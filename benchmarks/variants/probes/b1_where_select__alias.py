import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x, threshold: float = 0.0):
        pos = x > threshold
        return T.where(pos, x, x * 0.01)


def inputs():
    return [(T.randn(2, 3),), (T.randn(4, 3),)]
