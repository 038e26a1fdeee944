import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, x):
        size = T.tensor(x.shape, dtype=T.float32)
        return x.sum() / size.prod()


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 5),)]
