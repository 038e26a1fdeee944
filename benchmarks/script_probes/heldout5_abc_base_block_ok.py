# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from abc import ABC, abstractmethod

import torch
from torch import nn


class TokenMixer(nn.Module, ABC):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    @abstractmethod
    def mix(self, x: torch.Tensor) -> torch.Tensor: ...

    def forward(self, x):
        return x + self.mix(self.norm(x))


class PoolMixer(TokenMixer):
    def mix(self, x: torch.Tensor) -> torch.Tensor:
        return x.mean(1, keepdim=True) - x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mixer = PoolMixer(4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(self.mixer(x))


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
