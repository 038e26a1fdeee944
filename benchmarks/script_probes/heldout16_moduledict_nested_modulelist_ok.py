# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def make_stage(dim, depth):
    return nn.ModuleList([nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.stages = nn.ModuleDict({"early": make_stage(dim, 2), "late": make_stage(dim, 3)})
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        for stage in self.stages.values():
            for blk in stage:
                x = x + blk(x)
        return self.out(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
