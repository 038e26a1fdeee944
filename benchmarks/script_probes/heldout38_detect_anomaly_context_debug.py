# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class DebuggableResidualBlock(nn.Module):
    """Residual MLP block; a debug flag turns on autograd anomaly detection around its body."""

    def __init__(self, dim: int = 8, debug: bool = False):
        super().__init__()
        self.debug = debug
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: Tensor) -> Tensor:
        with torch.autograd.set_detect_anomaly(self.debug):
            y = self.mlp(self.norm(x))
        return x + y


Model = DebuggableResidualBlock


def inputs():
    torch.manual_seed(3811)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 2, 8),)]
