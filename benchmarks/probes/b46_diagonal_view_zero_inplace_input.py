# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GraphConv(nn.Module):
    """Dense GCN layer that drops self-loops by zeroing the adjacency diagonal in place."""

    def __init__(self, dim=6):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, adj):
        adj.diagonal(dim1=-2, dim2=-1).zero_()
        deg = adj.sum(-1, keepdim=True).clamp(min=1)
        return torch.relu(self.lin((adj @ x) / deg))


Model = GraphConv


def inputs():
    torch.manual_seed(4606)
    return [
        (torch.randn(2, 5, 6), (torch.rand(2, 5, 5) > 0.5).float()),
        (torch.randn(1, 4, 6), torch.ones(1, 4, 4)),
    ]
