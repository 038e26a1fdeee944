# ruff: noqa  (a probe is written as users write models)
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import torch
import torch.nn as nn
from torch import Tensor

if TYPE_CHECKING:
    from transformers.cache_utils import Cache


class CachedSelfAttention(nn.Module):
    """Self-attention that accepts an optional KV cache object (typed only for the checker)."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: Tensor, past: Optional[Cache] = None) -> Tensor:
        b, n, d = x.shape
        q, k, v = (
            self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        )
        att = (q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5).softmax(-1)
        return self.out((att @ v).transpose(1, 2).reshape(b, n, d))


Model = CachedSelfAttention


def inputs():
    torch.manual_seed(3648)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
