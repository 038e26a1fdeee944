# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def normalized_adjacency(adj: torch.Tensor) -> torch.Tensor:
    """D^-1/2 (A + I) D^-1/2 for a batch of dense adjacency matrices."""
    n = adj.shape[-1]
    a = adj + torch.eye(n, dtype=adj.dtype, device=adj.device)
    d = a.sum(-1).rsqrt()
    return d.unsqueeze(-1) * a * d.unsqueeze(-2)


class SGConv(nn.Module):
    """Simplified graph convolution: one linear map after K propagation steps, S^K X."""

    def __init__(self, din: int, dout: int, k: int = 3):
        super().__init__()
        self.k = k
        self.lin = nn.Linear(din, dout)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        s_k = torch.linalg.matrix_power(normalized_adjacency(adj), self.k)
        return self.lin(s_k @ x)


class Model(nn.Module):
    """Molecule property regressor on small dense graphs (batched, same size within a batch)."""

    def __init__(self, din: int = 9, hid: int = 32):
        super().__init__()
        self.conv1 = SGConv(din, hid, k=2)
        self.conv2 = SGConv(hid, hid, k=3)
        self.readout = nn.Sequential(nn.Linear(2 * hid, hid), nn.ReLU(), nn.Linear(hid, 1))

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        h = F.relu(self.conv1(x, adj))
        h = F.relu(self.conv2(h, adj))
        pooled = torch.cat([h.mean(1), h.amax(1)], dim=-1)
        return self.readout(pooled).squeeze(-1)


def _graphs(b, n):
    a = (torch.rand(b, n, n) < 0.3).float()
    a = torch.triu(a, 1)
    return torch.randn(b, n, 9), a + a.transpose(1, 2)


def inputs():
    torch.manual_seed(6216)
    return [_graphs(2, 7), _graphs(4, 11)]
