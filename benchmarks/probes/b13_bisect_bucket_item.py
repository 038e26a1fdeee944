import bisect

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cuts = [0.5, 1.0, 2.0]
        self.heads = nn.ModuleList(nn.Linear(dim, 2) for _ in range(4))

    def forward(self, x):
        level = bisect.bisect(self.cuts, x.abs().mean().item())  # breaks: compile,export,trace
        return self.heads[level](x)


def inputs():
    return [(torch.randn(3, 8) * 0.1,), (torch.randn(3, 8) * 5,)]
