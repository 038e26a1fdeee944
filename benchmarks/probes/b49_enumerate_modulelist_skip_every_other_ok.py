# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ResidualPairs(nn.Module):
    """Residual connection around every pair of blocks, chosen by the loop index."""

    def __init__(self, dim=8, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])

    def forward(self, x):
        skip = x
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            if i % 2 == 1:
                x = x + skip
                skip = x
        return x


Model = ResidualPairs


def inputs():
    torch.manual_seed(4933)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
