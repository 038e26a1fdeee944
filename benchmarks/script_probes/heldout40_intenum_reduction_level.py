# ruff: noqa  (a probe is written as users write models)
import enum

import torch
import torch.nn as nn
from torch import Tensor


class Reduction(enum.IntEnum):
    NONE = 0
    MEAN = 1
    SUM = 2


class ReducedFeatureHead(nn.Module):
    """Projection head whose token reduction is chosen by an integer enum."""

    def __init__(self, dim: int = 8, reduction: Reduction = Reduction.MEAN):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.reduction = reduction

    def forward(self, x: Tensor) -> Tensor:
        x = self.proj(x)
        if self.reduction == Reduction.MEAN:
            return x.mean(1)
        if self.reduction == Reduction.SUM:
            return x.sum(1)
        return x


Model = ReducedFeatureHead


def inputs():
    torch.manual_seed(4010)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
