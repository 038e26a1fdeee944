# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.mlp(self.norm(x))


class Model(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 4):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor, exit_after: int = -1) -> torch.Tensor:
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            if i == exit_after:
                break
        return self.norm(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8), 1), (torch.randn(2, 5, 8), -1)]
