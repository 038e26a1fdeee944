import math

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        assert dim % heads == 0, "dim must divide heads"
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        b, t, d = x.shape
        assert d == self.qkv.in_features, f"bad width {d}"
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(q.size(-1))
        return (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
