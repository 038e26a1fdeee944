# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ResidualSequential(nn.Sequential):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for module in self:
            x = x + module(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = ResidualSequential(nn.Linear(4, 4), nn.GELU(), nn.Linear(4, 4))
        self.norm = nn.LayerNorm(4)

    def forward(self, x):
        return self.norm(self.body(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(1, 3, 4),)]
