import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim: int, base: float = 10000.0, initial_len: int = 4):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cache(initial_len)

    def _set_cache(self, seq_len: int):
        self.cached_len = seq_len
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype, device=self.inv_freq.device)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat([freqs, freqs], dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, x, seq_len: int):
        if seq_len > self.cached_len:
            self._set_cache(seq_len)
        return self.cos_cached[:seq_len].to(x.dtype), self.sin_cached[:seq_len].to(x.dtype)


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


class SelfAttention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.rotary = RotaryEmbedding(dim // heads)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).unbind(2)
        cos, sin = self.rotary(v, seq_len=t)
        cos, sin = cos[None, :, None], sin[None, :, None]
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        attn = torch.einsum("bqhd,bkhd->bhqk", q, k).softmax(-1)
        return torch.einsum("bhqk,bkhd->bqhd", attn, v).reshape(b, t, d)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 6, 16),), (torch.randn(2, 9, 16),)]
