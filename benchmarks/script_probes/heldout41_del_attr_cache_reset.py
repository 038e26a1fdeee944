# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CausalSelfAttention(nn.Module):
    """Single-head causal attention that rebuilds its cached causal mask when the length changes."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.mask_cache = torch.zeros(0, 0, dtype=torch.bool)

    def forward(self, x: Tensor) -> Tensor:
        n = x.shape[1]
        if self.mask_cache.shape[0] != n:
            del self.mask_cache
            self.mask_cache = torch.ones(n, n, dtype=torch.bool).triu(1)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
        scores = scores.masked_fill(self.mask_cache, float("-inf"))
        return scores.softmax(-1) @ v


Model = CausalSelfAttention


def inputs():
    torch.manual_seed(4106)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
