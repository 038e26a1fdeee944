# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Degree-bucketed message passing: nodes are grouped by in-degree, each bucket its own linear."""

    def __init__(self, dim: int = 8, max_degree: int = 3):
        super().__init__()
        self.max_degree = max_degree
        self.lins = nn.ModuleList(nn.Linear(dim, dim) for _ in range(max_degree + 1))

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        deg = adj.sum(-1).clamp(max=self.max_degree).long()
        agg = adj @ x
        out = torch.zeros_like(x)
        for d in sorted(set(deg.tolist())):  # breaks: compile,export,trace,script
            sel = deg == d
            out = torch.where(sel[:, None], self.lins[d](agg), out)
        return out


def inputs():
    torch.manual_seed(6315)
    a = torch.zeros(6, 6)
    a[0, 1] = a[2, 3] = a[4, 5] = 1.0
    b = (torch.rand(9, 9) < 0.6).float()
    return [(torch.randn(6, 8), a), (torch.randn(9, 8), b)]
