import math

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, max_period: int = 10000):
        super().__init__()
        self.dim = dim
        self.max_period = max_period
        self.mlp = tnn.Sequential(tnn.Linear(dim, dim), tnn.SiLU(), tnn.Linear(dim, dim))

    def forward(self, t):
        half = self.dim // 2
        freqs = T.exp(-math.log(self.max_period) * T.arange(half, dtype=T.float32) / half)
        args = t[:, None].float() * freqs[None]
        emb = T.cat([T.cos(args), T.sin(args)], dim=-1)
        return self.mlp(emb)


def inputs():
    return [(T.tensor([1, 50]),), (T.tensor([3, 7, 900]),)]
