# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        assert dim % heads == 0, f"dim {dim} not divisible by heads {heads}"
        self.heads = heads
        self.head_dim = dim // heads
        self.scale = self.head_dim ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        attn = (q @ k.transpose(-2, -1)) * self.scale
        if not math.isfinite(self.scale) or 0 < n <= 1:
            return v.transpose(1, 2).reshape(b, n, c)
        return (attn.softmax(-1) @ v).transpose(1, 2).reshape(b, n, c)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 1, 8),), (torch.randn(1, 5, 8),)]
