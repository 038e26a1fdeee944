# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn
import torch.utils.checkpoint as cp


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x, scale: float = 1.0):
        return x + scale * self.ff(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, dim=8, depth=2, residual_scale=0.5):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.residual_scale = residual_scale

    def forward(self, x):
        for blk in self.blocks:
            x = cp.checkpoint(functools.partial(blk, scale=self.residual_scale), x, use_reentrant=False)
        return x


Model = Encoder


def inputs():
    torch.manual_seed(4603)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
