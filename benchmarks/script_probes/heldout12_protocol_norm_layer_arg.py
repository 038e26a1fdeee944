# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Protocol

import torch
import torch.nn as nn


class NormLike(Protocol):
    def __call__(self, x: torch.Tensor) -> torch.Tensor: ...


def pre_norm(norm: NormLike, x: torch.Tensor) -> torch.Tensor:
    return norm(x)


class PreNormMLP(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc(pre_norm(self.norm, x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = PreNormMLP()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
