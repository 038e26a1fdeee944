# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    use_checkpoint: torch.jit.Final[bool]

    def __init__(self, dim=8, use_checkpoint=False):
        super().__init__()
        self.use_checkpoint = use_checkpoint
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        if self.use_checkpoint:
            return x + checkpoint(self.mlp, x, use_reentrant=False)
        return x + self.mlp(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())

    def forward(self, x):
        return self.blocks(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
