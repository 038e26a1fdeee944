import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, eps: float = 1e-6):
        super().__init__()
        self.weight = tnn.Parameter(T.ones(dim))
        self.eps = eps

    def forward(self, x):
        h = x.float()
        var = h.pow(2).mean(-1, keepdim=True)
        h.mul_(T.rsqrt(var + self.eps))
        h = h.to(x.dtype) * self.weight
        h.clamp_(min=-5.0, max=5.0)
        return h


def inputs():
    return [(T.randn(2, 8),), (T.randn(5, 8) * 10,)]
