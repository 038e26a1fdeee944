# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import contextlib
from typing import Dict

import torch
from torch import nn


class RotaryCache(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.dim = dim
        self.inv_freq = nn.Parameter(torch.linspace(0.1, 1.0, dim), requires_grad=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        table: Dict[int, torch.Tensor] = {}
        with contextlib.suppress(KeyError):
            return x * table[n]
        t = torch.arange(n, dtype=x.dtype)[:, None] * self.inv_freq[None]
        return x * torch.cos(t)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rope = RotaryCache()

    def forward(self, x):
        return self.rope(x)


def inputs():
    return [(torch.randn(1, 3, 4),), (torch.randn(2, 5, 4),)]
