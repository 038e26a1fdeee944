# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import os

import torch
from torch import nn


def debug_enabled() -> bool:
    return os.environ.get("MODEL_DEBUG", "0") == "1"


class Block(nn.Module):
    def __init__(self, dim: int = 5):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.fc(self.norm(x))
        if debug_enabled():
            print("block out", y.abs().max())
        return x + y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(3, 2, 5),)]
