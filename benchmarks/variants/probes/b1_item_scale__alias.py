import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        scale = x.abs().max().item()
        return x / (scale + 1e-6)


def inputs():
    return [(T.randn(2, 3),), (T.randn(4, 3) * 10,)]
