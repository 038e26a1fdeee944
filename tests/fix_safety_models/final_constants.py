"""Attention with `torch.jit.Final` constants TorchScript folds (timm's `fused_attn`)."""

import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    fused_attn: torch.jit.Final[bool]
    num_heads: torch.jit.Final[int]

    def __init__(self, dim: int = 16, num_heads: int = 2):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.scale = self.head_dim**-0.5
        self.fused_attn = False
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        if self.fused_attn:
            x = F.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q * self.scale) @ k.transpose(-2, -1)
            x = attn.softmax(dim=-1) @ v
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


def inputs():
    return [(torch.randn(2, 5, 16),), (torch.randn(2, 5, 16),)]
