# ruff: noqa  (a probe is written as users write models)
import math
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class SinusoidalPositions(nn.Module):
    """Sinusoidal position table, rebuilt only when a longer sequence shows up; the cache is
    read into a local before it is tested."""

    cached: Optional[Tensor]

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.cached = None

    def _build(self, n: int) -> Tensor:
        pos = torch.arange(n, dtype=torch.float32).unsqueeze(1)
        freq = torch.exp(torch.arange(0, self.dim, 2).float() * (-math.log(10000.0) / self.dim))
        return torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], -1)

    def forward(self, x: Tensor) -> Tensor:
        n = x.size(1)
        table = self.cached
        if table is None or table.size(0) < n:
            table = self._build(n)
            self.cached = table
        return x + table[:n]


Model = SinusoidalPositions


def inputs():
    torch.manual_seed(3311)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 3, 8),)]
