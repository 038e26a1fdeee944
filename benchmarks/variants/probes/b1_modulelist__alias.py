import torch as T
from torch import nn as tnn


class Block(tnn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = tnn.LayerNorm(dim)
        self.ff = tnn.Sequential(tnn.Linear(dim, dim * 2), tnn.GELU(), tnn.Linear(dim * 2, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Model(tnn.Module):
    def __init__(self, depth: int = 3, dim: int = 8):
        super().__init__()
        self.blocks = tnn.ModuleList([Block(dim) for _ in range(depth)])

    def forward(self, x):
        for i, block in enumerate(self.blocks):
            x = block(x)
        return x


def inputs():
    return [(T.randn(2, 5, 8),), (T.randn(3, 2, 8),)]
