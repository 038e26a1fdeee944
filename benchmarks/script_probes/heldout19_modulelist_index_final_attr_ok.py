# ruff: noqa  (a probe is written as users write models)
from typing import Final

import torch
import torch.nn as nn


class MultiExitNet(nn.Module):
    exit_at: Final[int]

    def __init__(self, dim: int = 6, depth: int = 4, exit_at: int = 2):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])
        self.exits = nn.ModuleList([nn.Linear(dim, 2) for _ in range(depth)])
        self.exit_at = exit_at

    def forward(self, x):
        x = self.blocks(x)
        return self.exits[self.exit_at](x)


Model = MultiExitNet


def inputs():
    torch.manual_seed(1912)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
