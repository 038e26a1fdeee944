# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class StagedEncoder(nn.Module):
    """Encoder whose first block is the stem and the rest run as stages."""

    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])

    def forward(self, x: Tensor) -> Tensor:
        blocks = iter(self.blocks)
        stem = next(blocks)
        x = stem(x).relu()
        for blk in blocks:
            x = x + blk(x).relu()
        return x


Model = StagedEncoder


def inputs():
    torch.manual_seed(3924)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
