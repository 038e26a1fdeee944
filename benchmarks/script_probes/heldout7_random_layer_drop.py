# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import random

import torch
from torch import nn


class LayerDropEncoder(nn.Module):
    def __init__(self, dim: int = 6, depth: int = 3, layerdrop: float = 0.1):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.layerdrop = layerdrop

    def skip_layer(self) -> bool:
        return self.training and random.random() < self.layerdrop

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            if self.skip_layer():
                continue
            x = x + torch.tanh(layer(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = LayerDropEncoder()

    def forward(self, x):
        return self.encoder(x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(1, 3, 6),)]
