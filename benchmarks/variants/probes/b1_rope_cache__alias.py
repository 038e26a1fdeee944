import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8, max_len: int = 4):
        super().__init__()
        self.dim = dim
        self.max_len = max_len
        inv = 1.0 / (10000 ** (T.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv)

    def forward(self, x):
        seq_len = x.shape[1]
        if seq_len > self.max_len:
            t = T.arange(seq_len, dtype=T.float32) / 2
        else:
            t = T.arange(seq_len, dtype=T.float32)
        freqs = T.outer(t, self.inv_freq)
        emb = T.cat([freqs, freqs], dim=-1)
        return x * emb.cos() + x.flip(-1) * emb.sin()


def inputs():
    return [(T.randn(2, 3, 8),), (T.randn(2, 6, 8),)]
