# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
from torch import Tensor


class ScaledDotAttention(nn.Module):
    """Single-head attention whose softmax scale is computed once from the head size."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.qkv = nn.Linear(dim, 3 * dim)

    @functools.cached_property
    def scale(self) -> float:
        return self.dim**-0.5

    def forward(self, x: Tensor) -> Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1) * self.scale).softmax(-1)
        return attn @ v


Model = ScaledDotAttention


def inputs():
    torch.manual_seed(4008)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
