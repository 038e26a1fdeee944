import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim, max_position_embeddings=8, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cos_sin_cache(max_position_embeddings)

    def _set_cos_sin_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype, device=self.inv_freq.device)
        emb = torch.cat([torch.outer(t, self.inv_freq)] * 2, dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, x, seq_len):
        if seq_len > self.max_seq_len_cached:  # breaks: trace
            self._set_cos_sin_cache(seq_len)
        return self.cos_cached[:seq_len].to(x.dtype), self.sin_cached[:seq_len].to(x.dtype)


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.heads = heads
        self.qk = nn.Linear(dim, 2 * dim)
        self.rotary = RotaryEmbedding(dim // heads)

    def forward(self, x):
        B, T, _ = x.shape
        q, k = self.qk(x).view(B, T, 2, self.heads, -1).permute(2, 0, 3, 1, 4)
        cos, sin = self.rotary(q, seq_len=T)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        return (q @ k.transpose(-1, -2)).softmax(-1)


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(2, 6, 16),), (torch.randn(2, 12, 16),), (torch.randn(1, 5, 16),)]
