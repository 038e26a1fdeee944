# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class MultiHeadProjection(nn.Module):
    def __init__(self, dim: int, num_heads: int):
        super().__init__()
        self.num_heads = num_heads
        self.proj = nn.Linear(dim, dim)

    def split_heads(self, x: torch.Tensor) -> torch.Tensor:
        new_shape = [*x.shape[:-1], self.num_heads, -1]
        return x.view(new_shape).transpose(-3, -2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.split_heads(self.proj(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = MultiHeadProjection(8, 2)

    def forward(self, x):
        return self.heads(x).sum(-1)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
