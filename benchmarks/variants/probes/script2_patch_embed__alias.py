import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, patch: int = 2, dim: int = 8):
        super().__init__()
        self.patch = patch
        self.proj = tnn.Conv2d(3, dim, patch, stride=patch)
        self.pos = tnn.Parameter(T.zeros(1, 16, dim))

    def forward(self, x):
        x = self.proj(x)
        b, c, h, w = x.shape
        x = x.flatten(2).transpose(1, 2)
        return x + self.pos[:, : h * w]


def inputs():
    return [(T.randn(2, 3, 8, 8),), (T.randn(1, 3, 4, 4),)]
