# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SinusoidalPositions(nn.Module):
    """Caches position tables in a plain dict keyed by a string built from length/device/dtype."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self._tables = {}

    def _table(self, n: int, device, dtype):
        key = f"{n}:{device}:{dtype}"
        if key not in self._tables:
            pos = torch.arange(n, dtype=torch.float32, device=device).unsqueeze(1)
            div = torch.exp(torch.arange(0, self.dim, 2, device=device).float() * (-math.log(10000.0) / self.dim))
            pe = torch.zeros(n, self.dim, device=device)
            pe[:, 0::2] = torch.sin(pos * div)
            pe[:, 1::2] = torch.cos(pos * div)
            self._tables[key] = pe.to(dtype)
        return self._tables[key]

    def forward(self, x):
        return x + self._table(x.shape[1], x.device, x.dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = SinusoidalPositions(8)
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(self.pos(x))


def inputs():
    torch.manual_seed(5112)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 9, 8),)]
