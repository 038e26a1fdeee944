# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn

DEBUG = True


class Block(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


class Model(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 2):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.debug = DEBUG

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            if self.debug:
                print("block", i, x.shape[0], x.shape[1], sep=" | ")
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
