# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from functools import cached_property

import torch
from torch import nn


class HeadSplit(nn.Module):
    def __init__(self, dim: int, num_heads: int):
        super().__init__()
        self.dim = dim
        self.num_heads = num_heads
        self.proj = nn.Linear(dim, dim)

    @cached_property
    def head_dim(self) -> int:
        return self.dim // self.num_heads

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, _ = x.shape
        return self.proj(x).reshape(b, n, self.num_heads, self.head_dim).transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.split = HeadSplit(8, 4)

    def forward(self, x):
        return self.split(x).sum(1)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 4, 8),)]
