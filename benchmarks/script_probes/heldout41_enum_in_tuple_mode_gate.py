# ruff: noqa  (a probe is written as users write models)
import enum

import torch
import torch.nn as nn
from torch import Tensor


class FusionMode(enum.Enum):
    SUM = 1
    GATED_SUM = 2
    CONCAT = 3


class FeatureFusion(nn.Module):
    """Fuses two feature maps; both sum modes share the residual path."""

    def __init__(self, dim: int = 8, mode: FusionMode = FusionMode.GATED_SUM):
        super().__init__()
        self.mode = mode
        self.gate = nn.Linear(dim, dim)
        self.proj = nn.Linear(2 * dim, dim)

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        if self.mode in (FusionMode.SUM, FusionMode.GATED_SUM):
            if self.mode == FusionMode.GATED_SUM:
                b = b * torch.sigmoid(self.gate(a))
            return a + b
        return self.proj(torch.cat([a, b], dim=-1))


Model = FeatureFusion


def inputs():
    torch.manual_seed(4109)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(3, 5, 8), torch.randn(3, 5, 8))]
