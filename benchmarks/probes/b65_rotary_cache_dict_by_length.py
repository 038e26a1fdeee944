# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Rotary(nn.Module):
    """Rotary tables memoised per sequence length in a plain dict on the module."""

    def __init__(self, dim: int, base: float = 10000.0):
        super().__init__()
        self.dim = dim
        self.base = base
        self._tables = {}

    def _table(self, T: int):
        if T not in self._tables:  # breaks: script
            inv = 1.0 / (self.base ** (torch.arange(0, self.dim, 2).float() / self.dim))
            freqs = torch.outer(torch.arange(T).float(), inv)
            emb = torch.cat([freqs, freqs], -1)
            self._tables[T] = (emb.cos(), emb.sin())
        return self._tables[T]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        cos, sin = self._table(x.shape[-2])
        x1, x2 = x.chunk(2, -1)
        return x * cos + torch.cat([-x2, x1], -1) * sin


class Model(nn.Module):
    def __init__(self, d: int = 8):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.rope = Rotary(d)

    def forward(self, x):
        return self.rope(self.q(x))


def inputs():
    torch.manual_seed(6516)
    return [(torch.randn(2, 7, 8),), (torch.randn(2, 12, 8),)]
