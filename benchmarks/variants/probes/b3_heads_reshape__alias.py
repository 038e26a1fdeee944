import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.proj = tnn.Linear(dim, dim)

    def split_heads(self, x):
        return x.view(x.size(0), x.size(1), self.heads, x.size(-1) // self.heads).transpose(1, 2)

    def merge_heads(self, x):
        x = x.transpose(1, 2)
        return x.reshape(x.size(0), x.size(1), -1)

    def forward(self, x):
        h = self.split_heads(self.proj(x))
        h = h * h.size(-1) ** -0.5
        return self.merge_heads(h)


def inputs():
    return [(T.randn(2, 5, 16),), (T.randn(3, 9, 16),)]
