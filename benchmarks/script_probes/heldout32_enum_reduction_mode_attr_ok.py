# ruff: noqa  (a probe is written as users write models)
import enum

import torch
import torch.nn as nn
from torch import Tensor


class Reduction(enum.Enum):
    MEAN = 0
    MAX = 1
    SUM = 2


class TokenReducer(nn.Module):
    """Reduces token features; the mode is an Enum chosen in the config."""

    def __init__(self, mode: Reduction = Reduction.MAX):
        super().__init__()
        self.mode = mode
        self.proj = nn.Linear(4, 4)

    def forward(self, x: Tensor) -> Tensor:
        x = self.proj(x)
        if self.mode == Reduction.MEAN:
            return x.mean(1)
        if self.mode == Reduction.MAX:
            return x.amax(1)
        return x.sum(1)


Model = TokenReducer


def inputs():
    torch.manual_seed(3221)
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 1, 4),)]
