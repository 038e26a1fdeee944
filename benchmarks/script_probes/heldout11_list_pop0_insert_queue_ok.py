# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn


class SkipQueue(nn.Module):
    def __init__(self, dim: int = 4, depth: int = 3):
        super().__init__()
        self.down = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.up = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skips: List[torch.Tensor] = []
        for layer in self.down:
            x = torch.relu(layer(x))
            skips.insert(0, x)
        for layer in self.up:
            x = layer(x) + skips.pop(0)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = SkipQueue()

    def forward(self, x):
        return self.net(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
