# ruff: noqa  (a probe is written as users write models)
import enum

import torch
import torch.nn as nn


class Fusion(enum.Enum):
    SUM = enum.auto()
    CONCAT = enum.auto()


class TwoStreamFuse(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.fusion = Fusion.CONCAT
        self.proj = nn.Linear(2 * dim, dim)

    def forward(self, a, b):
        if self.fusion == Fusion.SUM:
            return a + b
        return self.proj(torch.cat([a, b], dim=-1))


Model = TwoStreamFuse


def inputs():
    torch.manual_seed(191)
    return [(torch.randn(2, 6), torch.randn(2, 6)), (torch.randn(3, 4, 6), torch.randn(3, 4, 6))]
