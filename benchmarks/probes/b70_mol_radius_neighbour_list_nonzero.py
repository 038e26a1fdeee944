# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RadiusGraph(nn.Module):
    def __init__(self, cutoff: float = 1.5):
        super().__init__()
        self.cutoff = cutoff

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        dist = torch.cdist(pos, pos)
        close = (dist < self.cutoff) & ~torch.eye(pos.shape[0], dtype=torch.bool)
        return close.nonzero().t()  # breaks: compile


class Model(nn.Module):
    """SchNet-like interaction block over a radius neighbour list."""

    def __init__(self, n_types: int = 5, dim: int = 8):
        super().__init__()
        self.embed = nn.Embedding(n_types, dim)
        self.graph = RadiusGraph()
        self.filter = nn.Sequential(nn.Linear(1, dim), nn.Tanh())
        self.update = nn.Linear(dim, dim)

    def forward(self, z: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        h = self.embed(z)
        edges = self.graph(pos)
        src, dst = edges[0], edges[1]
        d = (pos[src] - pos[dst]).pow(2).sum(-1, keepdim=True).sqrt()
        msg = h[src] * self.filter(d)
        agg = torch.zeros_like(h).index_add(0, dst, msg)
        return h + self.update(agg)


def inputs():
    torch.manual_seed(7005)
    return [
        (torch.randint(0, 5, (7,)), torch.randn(7, 3)),
        (torch.randint(0, 5, (7,)), torch.randn(7, 3) * 0.5),
    ]
