# ruff: noqa  (a probe is written as users write models)
import itertools

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


class Model(nn.Module):
    def __init__(self, dim=16, depth=6, active=4):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.active = active

    def forward(self, x):
        for blk in itertools.islice(self.blocks, self.active):
            x = blk(x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16),)]
