# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SinusoidalPosition(nn.Module):
    # Shared by every instance: (length, dim) -> table
    _tables = {}

    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim

    @classmethod
    def _table(cls, n, dim):
        key = (n, dim)
        if key not in cls._tables:
            pos = torch.arange(n, dtype=torch.float32)[:, None]
            freq = torch.exp(torch.arange(0, dim, 2, dtype=torch.float32) * (-math.log(10000.0) / dim))
            pe = torch.zeros(n, dim)
            pe[:, 0::2] = torch.sin(pos * freq)
            pe[:, 1::2] = torch.cos(pos * freq)
            cls._tables[key] = pe
        return cls._tables[key]

    def forward(self, x):
        return x + self._table(x.shape[1], self.dim).to(x)


Model = SinusoidalPosition


def inputs():
    torch.manual_seed(4909)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
