# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class DeepSupervision(nn.Module):
    """Sums side outputs of a stack of blocks, deeper outputs weighted more (weight = depth)."""

    def __init__(self, dim: int = 6, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def side_outputs(self, x: Tensor) -> List[Tensor]:
        outs: List[Tensor] = []
        for block in self.blocks:
            x = torch.tanh(block(x))
            outs.append(x)
        return outs

    def forward(self, x: Tensor) -> Tensor:
        total = torch.zeros_like(x)
        for depth, out in enumerate(self.side_outputs(x), start=1):
            total = total + depth * out
        return total


Model = DeepSupervision


def inputs():
    torch.manual_seed(3213)
    return [(torch.randn(4, 6),), (torch.randn(2, 6),)]
