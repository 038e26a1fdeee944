# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch import Tensor


@dataclass(frozen=True)
class PoolerOutput:
    pooled: Tensor
    tokens: Tensor


class ClsPooler(nn.Module):
    """Pooler returning the CLS token and the remaining tokens in an immutable record."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> PoolerOutput:
        return PoolerOutput(self.dense(x[:, 0]).tanh(), x[:, 1:])


Model = ClsPooler


def inputs():
    torch.manual_seed(4027)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
