# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ResidualScaled(nn.Module):
    """Residual block whose branch is scaled at call time (1 by default)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor, scale: float = 1) -> Tensor:
        return x + scale * self.fc(x).relu()


Model = ResidualScaled


def inputs():
    torch.manual_seed(3914)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
