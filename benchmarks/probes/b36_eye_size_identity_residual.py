# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GraphPropagation(nn.Module):
    """A_hat = A + I, symmetric normalisation, one propagation step (GCN style)."""

    def __init__(self, dim=6):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, adj):
        n = adj.size(0)
        a_hat = adj + torch.eye(n, dtype=adj.dtype)
        deg_inv_sqrt = a_hat.sum(-1).rsqrt()
        norm = deg_inv_sqrt.unsqueeze(-1) * a_hat * deg_inv_sqrt.unsqueeze(0)
        return norm @ self.lin(x)


Model = GraphPropagation


def _adj(n):
    a = (torch.rand(n, n) > 0.5).float()
    return ((a + a.t()) > 0).float().fill_diagonal_(0)


def inputs():
    torch.manual_seed(3629)
    return [(torch.randn(4, 6), _adj(4)), (torch.randn(4, 6), _adj(4)), (torch.randn(6, 6), _adj(6))]
