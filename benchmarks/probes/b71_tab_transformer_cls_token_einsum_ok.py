# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """TabTransformer: column embeddings plus a CLS token, one self-attention block in einsum form."""

    def __init__(self, cards=(5, 7, 3), dim: int = 8, heads: int = 2):
        super().__init__()
        self.cols = nn.ModuleList([nn.Embedding(c, dim) for c in cards])
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.qkv = nn.Linear(dim, 3 * dim)
        self.heads = heads
        self.head_dim = dim // heads
        self.out = nn.Linear(dim, 1)

    def forward(self, cat: torch.Tensor) -> torch.Tensor:
        toks = torch.stack([emb(cat[:, i]) for i, emb in enumerate(self.cols)], 1)
        x = torch.cat([self.cls.expand(cat.size(0), -1, -1), toks], 1)
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).unbind(2)
        att = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(self.head_dim)
        y = torch.einsum("bhqk,bkhd->bqhd", att.softmax(-1), v).reshape(b, n, -1)
        return self.out(y[:, 0]).squeeze(-1)


def inputs():
    torch.manual_seed(7128)
    def batch(n):
        return torch.stack([torch.randint(0, 5, (n,)), torch.randint(0, 7, (n,)), torch.randint(0, 3, (n,))], 1)
    return [(batch(4),), (batch(2),)]
