# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GatedResidual(nn.Module):
    """Residual block whose gate is a static helper taking the learned bias explicitly."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gate_bias = nn.Parameter(torch.full((dim,), -1.0))

    @staticmethod
    def gate(h: Tensor, bias: Tensor) -> Tensor:
        return torch.sigmoid(h + bias)

    def forward(self, x: Tensor) -> Tensor:
        h = self.fc(x)
        return x + self.gate(h, self.gate_bias) * h


Model = GatedResidual


def inputs():
    torch.manual_seed(3432)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
