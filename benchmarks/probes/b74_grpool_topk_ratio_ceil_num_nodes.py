# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Top-k graph pooling (dense, one graph): keeps ceil(ratio * N) nodes by a learned score
    and the adjacency between them."""

    def __init__(self, d: int = 6, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio
        self.p = nn.Parameter(torch.randn(d))
        self.mix = nn.Linear(d, d)

    def forward(self, x: torch.Tensor, adj: torch.Tensor):
        h = torch.relu(self.mix(adj @ x))
        score = torch.tanh(h @ self.p / self.p.norm())
        k = math.ceil(self.ratio * x.size(0))  # breaks: trace
        keep = score.topk(k).indices
        return h[keep] * score[keep, None], adj[keep][:, keep]


def inputs():
    torch.manual_seed(7420)
    return [
        (torch.randn(6, 6), (torch.rand(6, 6) > 0.5).float()),
        (torch.randn(9, 6), (torch.rand(9, 6 + 3) > 0.5).float()),
    ]
