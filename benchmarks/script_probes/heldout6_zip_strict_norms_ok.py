# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Stage(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(depth)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for block, norm in zip(self.blocks, self.norms, strict=True):
            x = x + block(norm(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Stage(6, 2)

    def forward(self, x):
        return self.stage(x)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
