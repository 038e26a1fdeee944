import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, max_len: int = 16, dim: int = 8):
        super().__init__()
        self.pos = tnn.Embedding(max_len, dim)

    def forward(self, x):
        positions = T.arange(x.size(1), device=x.device)
        return x + self.pos(positions)[None]


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(2, 5, 8),)]
