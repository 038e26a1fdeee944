# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DepthScaledResMLP(nn.Module):
    """Vision/MLP-mixer style: residual branch i is divided by its depth, counted with
    enumerate(self.blocks, start=1)."""

    def __init__(self, d: int = 12, depth: int = 4):
        super().__init__()
        self.blocks = nn.ModuleList(
            [nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU()) for _ in range(depth)]
        )
        self.head = nn.Linear(d, 3)

    def forward(self, x):
        for i, blk in enumerate(self.blocks, start=1):
            x = x + blk(x) / float(i)
        return self.head(x.mean(dim=1))


Model = DepthScaledResMLP


def inputs():
    torch.manual_seed(5722)
    return [(torch.randn(2, 5, 12),), (torch.randn(3, 9, 12),)]
