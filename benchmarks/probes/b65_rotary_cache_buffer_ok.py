# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Rotary(nn.Module):
    def __init__(self, dim: int, max_len: int = 64, base: float = 10000.0):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        freqs = torch.outer(t, inv)
        emb = torch.cat([freqs, freqs], -1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        T = x.shape[-2]
        cos, sin = self.cos_cached[:T], self.sin_cached[:T]
        x1, x2 = x.chunk(2, -1)
        rot = torch.cat([-x2, x1], -1)
        return x * cos + rot * sin


class Model(nn.Module):
    """Rotary position embedding with precomputed cos/sin tables sliced to the sequence."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.rope = Rotary(d)

    def forward(self, x):
        return self.rope(self.q(x))


def inputs():
    torch.manual_seed(6515)
    return [(torch.randn(2, 7, 8),), (torch.randn(2, 12, 8),)]
