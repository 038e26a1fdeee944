# ruff: noqa  (a probe is written as users write models)
from enum import Enum

import torch
import torch.nn as nn
from torch import Tensor


class Pooling(Enum):
    MEAN = 0
    MAX = 1


DEFAULT_POOLING = Pooling.MAX


class TokenPool(nn.Module):
    """Sequence pooling whose default mode is a module-level Enum member."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        h = self.proj(x)
        if DEFAULT_POOLING == Pooling.MEAN:
            return h.mean(1)
        return h.max(1).values


Model = TokenPool


def inputs():
    torch.manual_seed(3520)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
