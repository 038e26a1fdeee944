# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DenseGCN(nn.Module):
    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        deg = adj.sum(-1, keepdim=True).clamp_min(1.0)
        return self.lin(adj @ x / deg)


class Model(nn.Module):
    """DiffPool, dense: soft cluster assignment S, pooled X' = S^T Z and A' = S^T A S, with the
    link-prediction auxiliary term returned alongside."""

    def __init__(self, d: int = 6, clusters: int = 3):
        super().__init__()
        self.embed = DenseGCN(d, d)
        self.assign = DenseGCN(d, clusters)

    def forward(self, x: torch.Tensor, adj: torch.Tensor):
        z = torch.relu(self.embed(x, adj))
        s = self.assign(x, adj).softmax(-1)
        pooled_x = s.transpose(-1, -2) @ z
        pooled_adj = s.transpose(-1, -2) @ adj @ s
        link = (adj - s @ s.transpose(-1, -2)).norm(p=2, dim=(-1, -2)) / adj.shape[-1] ** 2
        return pooled_x, pooled_adj, link


def inputs():
    torch.manual_seed(7422)
    a1 = (torch.rand(2, 5, 5) > 0.5).float()
    a2 = (torch.rand(3, 7, 7) > 0.3).float()
    return [(torch.randn(2, 5, 6), a1), (torch.randn(3, 7, 6), a2)]
