# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import warnings

import torch
from torch import nn


class PositionEmbedding(nn.Module):
    def __init__(self, max_len: int = 4, dim: int = 3):
        super().__init__()
        self.max_len = max_len
        self.table = nn.Parameter(torch.randn(max_len, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        if n > self.max_len:
            warnings.warn("sequence longer than the position table; truncating")
            n = self.max_len
        return x[:, :n] + self.table[:n]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = PositionEmbedding()

    def forward(self, x):
        return self.pos(x)


def inputs():
    return [(torch.randn(1, 3, 3),), (torch.randn(2, 6, 3),)]
