# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PrunedHeadAttention(nn.Module):
    """Attention whose pruned heads are kept as a bitmask int; survivors are rescaled."""

    def __init__(self, dim: int = 8, heads: int = 4, keep_bits: int = 0b1011):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.keep_bits = keep_bits
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        attn = (q @ k.transpose(-1, -2) * self.head_dim ** -0.5).softmax(-1)
        y = attn @ v
        keep = torch.tensor([(self.keep_bits >> h) & 1 for h in range(self.heads)], dtype=x.dtype)
        active = self.keep_bits.bit_count()
        y = y * keep.view(1, -1, 1, 1) * (self.heads / active)
        return self.out(y.transpose(1, 2).reshape(b, n, d))


Model = PrunedHeadAttention


def inputs():
    torch.manual_seed(2903)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
