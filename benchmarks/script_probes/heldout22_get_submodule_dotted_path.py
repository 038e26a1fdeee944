# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, dim: int = 8, tap: str = "blocks.1"):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))
        self.tap = tap
        self.head = nn.Linear(dim, 2)

    def forward(self, x):
        feat = self.get_submodule(self.tap)(x)
        return self.head(feat) + self.blocks(x).mean(-1, keepdim=True)


Model = Backbone


def inputs():
    torch.manual_seed(2209)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
