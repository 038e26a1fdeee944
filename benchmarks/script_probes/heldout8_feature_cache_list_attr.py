# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class FeatureCollector(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.collected: List[torch.Tensor] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.collected = []
        for layer in self.layers:
            x = torch.relu(layer(x))
            self.collected.append(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = FeatureCollector()

    def forward(self, x):
        last = self.body(x)
        return last, torch.stack(self.body.collected, dim=1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
