# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ScaledStack(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.gammas = [nn.Parameter(torch.full((dim,), 0.1 * (i + 1))) for i in range(depth)]

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            x = x + self.gammas[i] * blk(x)
        return x


Model = ScaledStack


def inputs():
    torch.manual_seed(2228)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
