from functools import lru_cache

import torch
from torch import Tensor, nn


@lru_cache(maxsize=8)
def rope_tables(seq_len: int, dim: int, base: float = 10000.0):
    inv = base ** (-torch.arange(0, dim, 2, dtype=torch.float32) / dim)
    ang = torch.arange(seq_len, dtype=torch.float32)[:, None] * inv[None]
    return ang.cos(), ang.sin()


def apply_rope(x: Tensor) -> Tensor:
    cos, sin = rope_tables(x.shape[-2], x.shape[-1])
    x1, x2 = x[..., ::2], x[..., 1::2]
    out = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
    return out.flatten(-2)


class Attention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        q, k, v = (
            t.view(b, n, self.heads, -1).transpose(1, 2) for t in self.to_qkv(x).chunk(3, -1)
        )
        q, k = apply_rope(q), apply_rope(k)
        attn = (q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5).softmax(-1)
        return self.proj((attn @ v).transpose(1, 2).reshape(b, n, d))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x: Tensor) -> Tensor:
        return x + self.attn(x)


def inputs():
    return [(torch.randn(1, 6, 16),), (torch.randn(2, 9, 16),)]
