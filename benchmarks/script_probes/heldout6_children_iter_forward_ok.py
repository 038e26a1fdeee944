# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Sandwich(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)
        self.act = nn.GELU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in self.children():
            x = layer(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = Sandwich(4)

    def forward(self, x):
        return x + self.body(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
