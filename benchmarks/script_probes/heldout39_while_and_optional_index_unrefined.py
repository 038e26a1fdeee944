# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class SkipChain(nn.Module):
    """Applies a chain of projections, each block naming the next by index (or None to stop)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(3)])
        self.next_of: List[int] = [2, -1, 1]

    def _next(self, i: int) -> Optional[int]:
        n = self.next_of[i]
        return None if n < 0 else n

    def forward(self, x: Tensor) -> Tensor:
        cur: Optional[int] = 0
        steps = 0
        while cur is not None and steps < 5:
            for j, layer in enumerate(self.layers):
                if j == cur:
                    x = layer(x).tanh()
            cur = self._next(cur)
            steps += 1
        return x


Model = SkipChain


def inputs():
    torch.manual_seed(3925)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
