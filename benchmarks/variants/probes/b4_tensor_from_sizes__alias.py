import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = tnn.Linear(dim + 2, dim)

    def forward(self, x):
        b, t, _ = x.shape
        meta = T.tensor([t, t * 2], dtype=x.dtype)  # breaks: trace
        meta = meta.expand(b, t, 2)
        return self.fc(T.cat([x, meta], dim=-1))


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(2, 5, 8),)]
