import math

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.qkv = tnn.Linear(dim, 3 * dim)
        self.proj = tnn.Linear(dim, dim)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(d // self.heads)
        att = att.masked_fill(mask[:, None, None, :] == 0, float("-inf"))
        att = att.softmax(dim=-1)
        out = (att @ v).transpose(1, 2).reshape(b, t, d)
        return self.proj(out)


def inputs():
    return [
        (T.randn(2, 5, 16), T.ones(2, 5)),
        (T.randn(3, 7, 16), T.tensor([[1.0] * 7, [1.0] * 6 + [0.0], [1.0] * 3 + [0.0] * 4])),
    ]
