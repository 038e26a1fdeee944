# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class FPNHead(nn.Module):
    strides = (4, 8, 16)

    def __init__(self, dim: int = 4):
        super().__init__()
        self.heads = nn.ModuleList([nn.Conv2d(dim, 1, 1) for _ in self.strides])
        self.level_bias = [0.0, 0.5, 1.0]

    def forward(self, x: torch.Tensor, stride: int) -> torch.Tensor:
        level = self.strides.index(stride)
        return x.mean((2, 3)) + self.level_bias[level]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = FPNHead()

    def forward(self, x, stride: int):
        return self.head(x, stride)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 4, 4), 8), (torch.randn(2, 4, 6, 6), 16)]
