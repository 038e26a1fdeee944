# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class ResidualMLP(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(torch.relu(self.fc1(x)))


class Model(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 4):
        super().__init__()
        self.blocks = nn.ModuleList([ResidualMLP(dim) for _ in range(depth)])
        self.final_norm = nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor, take_layer: Optional[int] = None) -> torch.Tensor:
        for i, block in enumerate(self.blocks):
            x = block(x)
            if take_layer is not None and i == take_layer:
                return x
        return self.final_norm(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8), 1), (torch.randn(3, 8), None), (torch.randn(1, 8), 3)]
