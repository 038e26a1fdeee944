# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def symmetrize(adj: Tensor) -> Tensor:
    """Directed graphs are made undirected; already-symmetric ones are left alone."""
    if torch.allclose(adj, adj.transpose(-1, -2)):
        return adj
    return 0.5 * (adj + adj.transpose(-1, -2))


def normalized_adjacency(adj: Tensor, add_self_loops: bool = True) -> Tensor:
    adj = symmetrize(adj)
    if add_self_loops:
        adj = adj + torch.eye(adj.size(-1), dtype=adj.dtype, device=adj.device)
    deg = adj.sum(-1)
    inv_sqrt = deg.clamp(min=1e-6).rsqrt()
    return inv_sqrt.unsqueeze(-1) * adj * inv_sqrt.unsqueeze(-2)


class DenseGCNLayer(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.lin = nn.Linear(cin, cout)

    def forward(self, x: Tensor, a_hat: Tensor) -> Tensor:
        return a_hat @ self.lin(x)


class DenseGCN(nn.Module):
    """Batched dense GCN over small graphs (molecules), graph-level regression."""

    def __init__(self, cin: int = 5, hidden: int = 16, depth: int = 2):
        super().__init__()
        dims = [cin] + [hidden] * depth
        self.layers = nn.ModuleList([DenseGCNLayer(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.readout = nn.Linear(hidden, 1)

    def forward(self, x: Tensor, adj: Tensor) -> Tensor:
        a_hat = normalized_adjacency(adj)
        for layer in self.layers:
            x = torch.relu(layer(x, a_hat))
        return self.readout(x.mean(dim=1)).squeeze(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gcn = DenseGCN()

    def forward(self, x, adj):
        return self.gcn(x, adj)


def inputs():
    torch.manual_seed(5317)
    a1 = (torch.rand(2, 6, 6) > 0.6).float()
    a1 = ((a1 + a1.transpose(1, 2)) > 0).float()
    a2 = (torch.rand(3, 9, 9) > 0.5).float()
    return [(torch.randn(2, 6, 5), a1), (torch.randn(3, 9, 5), a2)]
