# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn as nn


class SafeTemperature(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.fallback = 1.0

    def forward(self, x: torch.Tensor, temp: float = float("nan")) -> torch.Tensor:
        if math.isnan(temp):
            temp = self.fallback
        return torch.softmax(self.proj(x) / temp, dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = SafeTemperature()

    def forward(self, x, temp: float):
        return self.head(x, temp)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), float("nan")), (torch.randn(3, 4), 0.5)]
