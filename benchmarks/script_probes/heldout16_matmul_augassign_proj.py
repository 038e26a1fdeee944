# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8, rank=3):
        super().__init__()
        self.down = nn.Parameter(torch.randn(dim, rank) * 0.1)
        self.up = nn.Parameter(torch.randn(rank, dim) * 0.1)

    def forward(self, x):
        h = x
        h @= self.down
        h = torch.tanh(h)
        h @= self.up
        return x + h


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 8),), (torch.randn(2, 5, 8),)]
