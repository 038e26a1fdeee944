# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ResidualSequential(nn.Sequential):
    """Sequential container that adds a residual connection around every child."""

    def forward(self, x: Tensor) -> Tensor:
        for layer in self:
            x = x + layer(x)
        return x


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.body = ResidualSequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, x: Tensor) -> Tensor:
        return self.body(x)


def inputs():
    torch.manual_seed(4036)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
