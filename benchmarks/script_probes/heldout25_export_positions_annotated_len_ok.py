# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SinusoidalPositions(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim

    @torch.jit.export
    def positions(self, length: int) -> torch.Tensor:
        pos = torch.arange(length, dtype=torch.float32).unsqueeze(1)
        div = torch.exp(torch.arange(0, self.dim, 2, dtype=torch.float32) * (-math.log(10000.0) / self.dim))
        pe = torch.zeros(length, self.dim)
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        return pe

    def forward(self, x):
        return x + self.positions(x.size(1))


Model = SinusoidalPositions


def inputs():
    torch.manual_seed(2504)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
