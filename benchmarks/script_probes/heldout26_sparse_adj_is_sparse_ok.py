# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GCNLayer(nn.Module):
    """Graph convolution that accepts a sparse (COO) or dense normalised adjacency."""

    def __init__(self, dim: int = 4, out: int = 3):
        super().__init__()
        self.lin = nn.Linear(dim, out)

    def forward(self, adj, x):
        h = self.lin(x)
        if adj.is_sparse:
            return torch.relu(torch.sparse.mm(adj, h))
        return torch.relu(adj @ h)


Model = GCNLayer


def _norm_adj(n: int) -> torch.Tensor:
    a = (torch.rand(n, n) > 0.5).float() + torch.eye(n)
    d = a.sum(1).rsqrt()
    return (d[:, None] * a * d[None, :]).to_sparse()


def inputs():
    torch.manual_seed(2624)
    return [(_norm_adj(3), torch.randn(3, 4)), (_norm_adj(6), torch.randn(6, 4))]
