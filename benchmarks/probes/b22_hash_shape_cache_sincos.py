import math

import torch
import torch.nn as nn


class CachedSinusoidalPE(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim
        self._cache = {}
        self.proj = nn.Linear(dim, dim)

    def _table(self, length):
        pos = torch.arange(length, dtype=torch.float32).unsqueeze(1)
        freq = torch.exp(torch.arange(0, self.dim, 2).float() * (-math.log(10000.0) / self.dim))
        return torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], dim=-1)

    def forward(self, x):
        key = hash(tuple(x.shape))
        if key not in self._cache:
            self._cache[key] = self._table(x.shape[1])
        return self.proj(x + self._cache[key])


Model = CachedSinusoidalPE


def inputs():
    torch.manual_seed(15)
    return [
        (torch.randn(2, 5, 8),),
        (torch.randn(2, 5, 8),),
        (torch.randn(2, 9, 8),),
    ]
