import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        peak = x.abs().max().item()
        if peak > 10:
            x = x / peak
        return x


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4) * 100,)]
