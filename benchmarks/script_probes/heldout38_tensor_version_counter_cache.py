# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class CachedKeyProjection(nn.Module):
    """Caches the key projection of a memory tensor until the memory is modified in place."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.k = nn.Linear(dim, dim)
        self._cached: Optional[Tensor] = None
        self._cached_version = -1

    def forward(self, query: Tensor, memory: Tensor) -> Tensor:
        cached = self._cached
        if (
            cached is None
            or memory._version != self._cached_version
            or cached.shape[0] != memory.shape[0]
        ):
            cached = self.k(memory)
            self._cached = cached
            self._cached_version = memory._version
        return torch.softmax(query @ cached.transpose(-1, -2), dim=-1)


Model = CachedKeyProjection


def inputs():
    torch.manual_seed(3819)
    return [
        (torch.randn(2, 3, 8), torch.randn(2, 5, 8)),
        (torch.randn(1, 2, 8), torch.randn(1, 4, 8)),
    ]
