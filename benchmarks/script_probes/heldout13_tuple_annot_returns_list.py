# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
import torch.nn as nn


class Splitter(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        a, b = self.proj(x).chunk(2, dim=-1)
        return [a, b]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.split = Splitter()

    def forward(self, x):
        gate, value = self.split(x)
        return torch.sigmoid(gate) * value


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
