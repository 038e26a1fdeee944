# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def scale_residual(x: Tensor, res: Tensor, gamma: int | float) -> Tensor:
    return x + res * gamma


class ResidualBlock(nn.Module):
    def __init__(self, dim: int = 8, gamma: float = 0.5):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gamma = gamma

    def forward(self, x: Tensor) -> Tensor:
        return scale_residual(x, self.fc(x), self.gamma)


Model = ResidualBlock


def inputs():
    torch.manual_seed(2027)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
