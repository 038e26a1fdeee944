# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ScaledStack(nn.Module):
    def __init__(self, dim: int, depth: int, init_value: float = 0.1):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.gammas = nn.ParameterList(
            [nn.Parameter(init_value * torch.ones(dim)) for _ in range(depth)]
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer, gamma in zip(self.layers, self.gammas):
            x = x + gamma * layer(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = ScaledStack(4, 3)

    def forward(self, x):
        return self.stack(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(1, 4),)]
