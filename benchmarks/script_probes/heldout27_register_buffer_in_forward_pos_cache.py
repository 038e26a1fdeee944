# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SinusoidalPositions(nn.Module):
    """Audio/NLP positional encoding; the table is (re)built lazily as a buffer in forward."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.dim = dim
        self.max_len = 0

    def forward(self, x):
        n = x.shape[1]
        if n > self.max_len:
            pos = torch.arange(n, dtype=torch.float32).unsqueeze(1)
            freq = torch.exp(torch.arange(0, self.dim, 2).float() * (-math.log(10000.0) / self.dim))
            table = torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], dim=1)
            self.register_buffer("table", table, persistent=False)
            self.max_len = n
        return x + self.table[:n]


Model = SinusoidalPositions


def inputs():
    torch.manual_seed(2707)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
