# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class PairwiseScore(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        n = x.size(1)
        h = self.proj(x)
        sim = h @ h.transpose(1, 2)
        off_diag = sim.sum(dim=(1, 2)) - sim.diagonal(dim1=1, dim2=2).sum(-1)
        # average over ordered pairs of distinct tokens
        return off_diag / max(math.perm(n, 2), 1)


Model = PairwiseScore


def inputs():
    torch.manual_seed(2509)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
