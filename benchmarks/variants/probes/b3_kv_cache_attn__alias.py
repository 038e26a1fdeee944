import math
from typing import Optional, Tuple

import torch as T
from torch import nn as tnn


class CausalSelfAttention(tnn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = tnn.Linear(dim, 3 * dim)
        self.out = tnn.Linear(dim, dim)

    def forward(self, x: T.Tensor, past: Optional[Tuple[T.Tensor, T.Tensor]] = None):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        if past is not None:
            k = T.cat([past[0], k], dim=-2)
            v = T.cat([past[1], v], dim=-2)
        s = k.size(-2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        causal = T.ones(t, s, dtype=T.bool, device=x.device).tril(diagonal=s - t)
        scores = scores.masked_fill(~causal, float("-inf"))
        y = scores.softmax(-1) @ v
        y = y.transpose(1, 2).reshape(b, t, d)
        return self.out(y), (k, v)


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.attn = CausalSelfAttention()

    def forward(self, x, past_k, past_v):
        y, _ = self.attn(x, (past_k, past_v))
        return y


def inputs():
    return [
        (T.randn(2, 3, 16), T.randn(2, 4, 2, 4), T.randn(2, 4, 2, 4)),
        (T.randn(3, 5, 16), T.randn(3, 4, 6, 4), T.randn(3, 4, 6, 4)),
    ]
