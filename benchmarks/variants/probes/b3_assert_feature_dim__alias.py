import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.fc = tnn.Linear(dim, dim)

    def forward(self, x):
        assert x.size(-1) == self.dim, f"expected {self.dim} features, got {x.size(-1)}"
        assert x.dim() in (2, 3)
        return self.fc(x)


def inputs():
    return [(T.randn(2, 8),), (T.randn(5, 8),)]
