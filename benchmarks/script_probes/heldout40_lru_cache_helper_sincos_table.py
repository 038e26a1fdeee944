# ruff: noqa  (a probe is written as users write models)
import functools
import math

import torch
import torch.nn as nn
from torch import Tensor


@functools.lru_cache(maxsize=8)
def inv_freq(dim: int, base: float = 10000.0) -> Tensor:
    return 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))


class RotaryEmbedding(nn.Module):
    """Rotary position embedding applied to queries of shape (batch, seq, dim)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim

    def forward(self, x: Tensor) -> Tensor:
        t = torch.arange(x.shape[1], dtype=torch.float32)
        freqs = torch.outer(t, inv_freq(self.dim))
        cos, sin = freqs.cos(), freqs.sin()
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)


Model = RotaryEmbedding


def inputs():
    torch.manual_seed(4007)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
