# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RotaryEmbedding(nn.Module):
    """Rotary tables built lazily and rebuilt when a longer sequence arrives."""

    def __init__(self, dim: int, base: float = 10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.max_seen = 0
        self.cos_cached = None
        self.sin_cached = None

    def _build(self, seq_len: int) -> None:
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat([freqs, freqs], dim=-1)
        self.cos_cached, self.sin_cached = emb.cos(), emb.sin()  # breaks: script
        self.max_seen = seq_len

    def forward(self, x: torch.Tensor):
        seq_len = x.shape[-2]
        if seq_len > self.max_seen:
            self._build(seq_len)
        return self.cos_cached[:seq_len], self.sin_cached[:seq_len]


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.rope = RotaryEmbedding(dim)
        self.q = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q = self.q(x)
        cos, sin = self.rope(q)
        return q * cos + rotate_half(q) * sin


def inputs():
    torch.manual_seed(6621)
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 6, 4),)]
