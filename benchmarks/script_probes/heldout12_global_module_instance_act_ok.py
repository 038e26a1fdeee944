# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn

_ACT = nn.GELU(approximate="tanh")


class MLPBlock(nn.Module):
    def __init__(self, dim: int = 8, ratio: int = 2):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * ratio)
        self.fc2 = nn.Linear(dim * ratio, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(_ACT(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(8)
        self.mlp = MLPBlock()

    def forward(self, x):
        return x + self.mlp(self.norm(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 6, 8),)]
