# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class Pyramid(nn.Module):
    def __init__(self, dims: List[int] = [4, 8, 16]):
        super().__init__()
        stem, *rest = dims
        self.stem = nn.Linear(3, stem)
        layers = []
        prev = stem
        for d in rest:
            layers.append(nn.Linear(prev, d))
            prev = d
        self.layers = nn.ModuleList(layers)
        self.dims = dims

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        first, *others = self.dims
        x = self.stem(x)
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x * (first / len(others))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Pyramid()

    def forward(self, x):
        return self.net(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
