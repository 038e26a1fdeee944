# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class CausalSelfAttention(nn.Module):
    """Decoder-only LM attention using scaled_dot_product_attention(is_causal=True)."""

    def __init__(self, d: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x: Tensor) -> Tensor:
        B, T, D = x.shape
        qkv = self.qkv(x).view(B, T, 3, self.heads, D // self.heads).transpose(1, 3)
        q, k, v = qkv.unbind(2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(B, T, D))


Model = CausalSelfAttention


def inputs():
    torch.manual_seed(5232)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
