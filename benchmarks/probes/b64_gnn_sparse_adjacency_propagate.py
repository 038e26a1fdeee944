# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Graph convolution that turns the dense adjacency into a sparse COO tensor and
    propagates with a sparse-dense product."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, h: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        a = adj.to_sparse()  # breaks: compile
        deg = adj.sum(dim=1, keepdim=True).clamp(min=1.0)
        return torch.relu(torch.sparse.mm(a, self.lin(h)) / deg)


def inputs():
    torch.manual_seed(6409)
    return [
        (torch.randn(6, 8), (torch.rand(6, 6) > 0.5).float()),
        (torch.randn(6, 8), (torch.rand(6, 6) > 0.7).float()),
    ]
