# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.jit import Final


class AttentionBase(nn.Module):
    fused_attn: Final[bool]

    def __init__(self):
        super().__init__()
        self.fused_attn = False


class SelfAttention(AttentionBase):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        if self.fused_attn:
            x = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q @ k.transpose(-2, -1)) * (C // self.heads) ** -0.5
            x = attn.softmax(-1) @ v
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


Model = SelfAttention


def inputs():
    torch.manual_seed(2035)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
