# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.types import Number


def scaled_residual(x: Tensor, branch: Tensor, gamma: Number) -> Tensor:
    return x + branch * gamma


class ResidualMLP(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)
        self.gamma = 0.5

    def forward(self, x):
        return scaled_residual(x, self.fc2(torch.relu(self.fc1(x))), self.gamma)


Model = ResidualMLP


def inputs():
    torch.manual_seed(2308)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
