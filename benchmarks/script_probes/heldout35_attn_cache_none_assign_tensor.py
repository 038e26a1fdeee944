# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Attention(nn.Module):
    """Self-attention that keeps its last attention map on the module for visualisation."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)
        self.last_attn = None

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5).softmax(-1)
        self.last_attn = attn.detach()
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, d))


Model = Attention


def inputs():
    torch.manual_seed(3509)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
