import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, a):
        x = T.ones_like(a)
        err = (x * x - a).abs().max()
        while err > 1e-4:
            x = 0.5 * (x + a / x)
            err = (x * x - a).abs().max()
        return x


def inputs():
    return [(T.rand(3) + 1,), (T.rand(3) * 100 + 1,)]
