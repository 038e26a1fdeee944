import functools
import math
from typing import Optional, Tuple

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, past: Optional[Tuple[torch.Tensor, torch.Tensor]] = None):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        if past is not None:
            k = torch.cat([past[0], k], dim=-2)
            v = torch.cat([past[1], v], dim=-2)
        s = k.size(-2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        causal = torch.ones(t, s, dtype=torch.bool, device=x.device).tril(diagonal=s - t)
        scores = scores.masked_fill(~causal, float("-inf"))
        y = scores.softmax(-1) @ v
        y = y.transpose(1, 2).reshape(b, t, d)
        return self.out(y), (k, v)


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = CausalSelfAttention()

    @passthrough
    def forward(self, x, past_k, past_v):
        y, _ = self.attn(x, (past_k, past_v))
        return y


def inputs():
    return [
        (torch.randn(2, 3, 16), torch.randn(2, 4, 2, 4), torch.randn(2, 4, 2, 4)),
        (torch.randn(3, 5, 16), torch.randn(3, 4, 6, 4), torch.randn(3, 4, 6, 4)),
    ]
