# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GatedResidual(nn.Module):
    """Residual block whose gate is a small local function closing over the learned bias."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gate_bias = nn.Parameter(torch.full((dim,), -1.0))

    def forward(self, x: Tensor) -> Tensor:
        def gate(h: Tensor) -> Tensor:
            return torch.sigmoid(h + self.gate_bias)

        h = self.fc(x)
        return x + gate(h) * h


Model = GatedResidual


def inputs():
    torch.manual_seed(3402)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
