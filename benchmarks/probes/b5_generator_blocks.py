import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3, skip=(1,)):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.skip = set(skip)

    def active_blocks(self):
        for i, blk in enumerate(self.blocks):
            if i not in self.skip:
                yield blk

    def forward(self, x):
        for blk in self.active_blocks():
            x = x + torch.tanh(blk(x))
        return x


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
