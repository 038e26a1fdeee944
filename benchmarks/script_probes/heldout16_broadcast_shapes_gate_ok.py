# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.gate = nn.Linear(dim, 1)
        self.value = nn.Linear(dim, dim)

    def forward(self, x, ctx):
        g = torch.sigmoid(self.gate(ctx))
        v = self.value(x)
        shape = torch.broadcast_shapes(g.shape, v.shape)
        return g.expand(shape) * v


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 5, 8), torch.randn(2, 1, 8)),
        (torch.randn(3, 4, 8), torch.randn(3, 4, 8)),
    ]
