# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class TopKPooling(nn.Module):
    """Graph U-Net style pooling: keep the ceil(ratio * N) nodes with the highest projection score."""

    def __init__(self, dim: int, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio
        self.p = nn.Parameter(torch.randn(dim))

    def forward(self, x: torch.Tensor, adj: torch.Tensor):
        score = (x @ self.p) / self.p.norm()
        k = math.ceil(self.ratio * x.size(0))  # breaks: trace
        top = score.topk(k).indices
        x = x[top] * torch.tanh(score[top]).unsqueeze(-1)
        return x, adj[top][:, top]


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.gc = nn.Linear(dim, dim)
        self.pool = TopKPooling(dim)
        self.readout = nn.Linear(dim, 2)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.gc(adj @ x))
        h, adj = self.pool(h, adj)
        h = torch.relu(self.gc(adj @ h))
        return self.readout(h.max(dim=0).values)


def inputs():
    torch.manual_seed(6909)
    return [(torch.randn(6, 8), (torch.rand(6, 6) > 0.5).float()), (torch.randn(9, 8), (torch.rand(9, 9) > 0.5).float())]
