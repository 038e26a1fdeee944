# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def scatter_mean(src: torch.Tensor, index: torch.Tensor, dim_size: int) -> torch.Tensor:
    out = src.new_zeros(dim_size, src.size(-1)).index_add_(0, index, src)
    count = torch.zeros(dim_size, dtype=src.dtype).index_add_(0, index, torch.ones_like(index, dtype=src.dtype))
    return out / count.clamp_min(1.0).unsqueeze(-1)


class Model(nn.Module):
    """Graph-level readout for a padded mini-batch: node features averaged per graph id."""

    def __init__(self, dim: int = 8, max_graphs: int = 4):
        super().__init__()
        self.node = nn.Sequential(nn.Linear(5, dim), nn.ReLU())
        self.max_graphs = max_graphs
        self.head = nn.Linear(dim, 3)

    def forward(self, x: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
        pooled = scatter_mean(self.node(x), batch, self.max_graphs)
        return self.head(pooled)


def inputs():
    torch.manual_seed(6910)
    return [
        (torch.randn(7, 5), torch.tensor([0, 0, 1, 1, 1, 2, 3])),
        (torch.randn(7, 5), torch.tensor([0, 1, 1, 1, 1, 1, 2])),
    ]
