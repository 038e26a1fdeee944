# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GraphBatch:
    """A mini-batch of graphs as the data loader's collate function builds it."""

    x: torch.Tensor  # (N, F) node features
    edge_index: torch.Tensor  # (2, E)
    batch: torch.Tensor  # (N,) graph id of every node
    num_graphs: int


def scatter_mean(src: torch.Tensor, index: torch.Tensor, size: int) -> torch.Tensor:
    out = torch.zeros(size, src.shape[-1], dtype=src.dtype).index_add_(0, index, src)
    cnt = torch.zeros(size, dtype=src.dtype).index_add_(0, index, torch.ones_like(index, dtype=src.dtype))
    return out / cnt.clamp_min(1.0).unsqueeze(-1)


class GINLayer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.eps = nn.Parameter(torch.zeros(1))
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        src, dst = edge_index[0], edge_index[1]
        agg = torch.zeros_like(x).index_add_(0, dst, x[src])
        return self.mlp((1 + self.eps) * x + agg)


class Model(nn.Module):
    """GIN graph classifier taking the loader's batch object directly."""

    def __init__(self, in_dim: int = 8, dim: int = 32, n_cls: int = 3):
        super().__init__()
        self.inp = nn.Linear(in_dim, dim)
        self.layers = nn.ModuleList([GINLayer(dim) for _ in range(2)])
        self.out = nn.Linear(dim, n_cls)

    def forward(self, data: GraphBatch) -> torch.Tensor:
        h = self.inp(data.x)
        for layer in self.layers:
            h = F.relu(layer(h, data.edge_index))
        pooled = scatter_mean(h, data.batch, data.num_graphs)
        return self.out(pooled)


def _make(sizes, n_feat=8):
    xs, edges, batch, off = [], [], [], 0
    for g, n in enumerate(sizes):
        xs.append(torch.randn(n, n_feat))
        src = torch.arange(n)
        dst = (src + 1) % n
        edges.append(torch.stack([torch.cat([src, dst]), torch.cat([dst, src])]) + off)
        batch.append(torch.full((n,), g))
        off += n
    return GraphBatch(torch.cat(xs), torch.cat(edges, 1), torch.cat(batch), len(sizes))


def inputs():
    torch.manual_seed(6206)
    return [(_make([4, 6]),), (_make([5, 3, 7]),)]
