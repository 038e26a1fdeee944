import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.dim = dim
        self.norm = tnn.LayerNorm(dim)

    def forward(self, x):
        assert x.shape[-1] == self.dim, f"expected {self.dim} features, got {x.shape[-1]}"
        if x.dim() == 2:
            x = x.unsqueeze(1)
        return self.norm(x)


def inputs():
    return [(T.randn(2, 6),), (T.randn(3, 5, 6),)]
