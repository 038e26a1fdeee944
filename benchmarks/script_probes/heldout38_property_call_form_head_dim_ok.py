# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MultiQueryAttention(nn.Module):
    """Multi-query attention: many query heads share one key/value head."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.dim = dim
        self.heads = heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * (dim // heads))
        self.out = nn.Linear(dim, dim)

    def _get_head_dim(self) -> int:
        return self.dim // self.heads

    head_dim = property(_get_head_dim)

    def forward(self, x: Tensor) -> Tensor:
        b, n, _ = x.shape
        q = self.q(x).view(b, n, self.heads, self.head_dim).transpose(1, 2)
        k, v = self.kv(x).unsqueeze(1).split(self.head_dim, dim=-1)
        attn = (q @ k.transpose(-1, -2) * self.head_dim**-0.5).softmax(-1)
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, self.dim))


Model = MultiQueryAttention


def inputs():
    torch.manual_seed(3821)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
