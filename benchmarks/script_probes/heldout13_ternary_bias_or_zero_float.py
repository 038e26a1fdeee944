# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn as nn


class ScaleShift(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor, shift: Optional[torch.Tensor] = None) -> torch.Tensor:
        offset = shift if shift is not None else 0.0
        return x * self.weight + offset


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(6)
        self.affine = ScaleShift()

    def forward(self, x, shift: Optional[torch.Tensor] = None):
        return self.affine(self.norm(x), shift)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6), torch.randn(6)), (torch.randn(4, 3, 6), None)]
