# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DenseToEdgeConv(nn.Module):
    """Graph layer: turns a dense adjacency into (src, dst) edges and sums messages."""

    def __init__(self, dim: int = 5):
        super().__init__()
        self.msg = nn.Linear(dim, dim)

    def forward(self, x, adj):
        src, dst = torch.where(adj > 0)
        messages = self.msg(x)[src]
        out = torch.zeros_like(x)
        return out.index_add(0, dst, messages)


Model = DenseToEdgeConv


def inputs():
    torch.manual_seed(2717)
    return [
        (torch.randn(4, 5), (torch.rand(4, 4) > 0.5).float()),
        (torch.randn(6, 5), (torch.rand(6, 6) > 0.5).float()),
    ]
