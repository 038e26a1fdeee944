# ruff: noqa  (a probe is written as users write models)
from typing import Final

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SelfAttention(nn.Module):
    """Multi-head self-attention whose head count is a typing.Final class constant."""

    num_heads: Final[int] = 2

    def __init__(self, d: int = 8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.scale = (d // self.num_heads) ** -0.5

    def forward(self, x: Tensor) -> Tensor:
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.num_heads, D // self.num_heads).permute(2, 0, 3, 1, 4).unbind(0)
        attn = F.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)
        out = (attn @ v).transpose(1, 2).reshape(B, T, D)
        return self.proj(out)


Model = SelfAttention


def inputs():
    torch.manual_seed(5229)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
