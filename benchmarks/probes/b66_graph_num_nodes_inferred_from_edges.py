# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


def infer_num_nodes(edge_index: torch.Tensor, num_nodes: Optional[int] = None) -> int:
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1  # breaks: compile,export,trace


def degree(index: torch.Tensor, num_nodes: Optional[int] = None) -> torch.Tensor:
    n = infer_num_nodes(index.unsqueeze(0), num_nodes)
    out = torch.zeros(n, dtype=torch.float32)
    return out.scatter_add_(0, index, torch.ones(index.shape[0]))


class Model(nn.Module):
    """GCN-style symmetric normalisation computed from the edge list alone."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        row, col = edge_index[0], edge_index[1]
        deg = degree(col)
        norm = deg.clamp(min=1).pow(-0.5)
        w = norm[row] * norm[col]
        h = self.lin(x)
        out = torch.zeros(deg.shape[0], h.shape[1]).index_add_(0, col, h[row] * w[:, None])
        return out


def inputs():
    torch.manual_seed(6608)
    e1 = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]])
    e2 = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 2]])
    return [(torch.randn(6, 4), e1), (torch.randn(6, 4), e2)]
