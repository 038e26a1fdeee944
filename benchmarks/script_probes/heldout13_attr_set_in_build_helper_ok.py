# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim: int = 8, expand: int = 2):
        super().__init__()
        self.dim = dim
        self._build(expand)

    def _build(self, expand: int):
        self.hidden = self.dim * expand
        self.scale = self.hidden ** -0.5
        self.up = nn.Linear(self.dim, self.hidden)
        self.down = nn.Linear(self.hidden, self.dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.down(torch.relu(self.up(x)) * self.scale)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
