# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CSRGraphConv(nn.Module):
    """Graph conv that converts the dense adjacency to CSR inside forward before the matmul."""

    def __init__(self, in_dim=5, out_dim=7):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, adj, feats):
        deg = adj.sum(-1, keepdim=True).clamp(min=1.0)
        adj_csr = (adj / deg).to_sparse_csr()
        return torch.relu(adj_csr @ self.lin(feats))


Model = CSRGraphConv


def inputs():
    torch.manual_seed(4009)
    a = (torch.rand(6, 6) > 0.6).float()
    b = (torch.rand(6, 6) > 0.4).float()
    return [(a, torch.randn(6, 5)), (b, torch.randn(6, 5))]
