# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MeanAggr(nn.Module):
    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        out = torch.zeros_like(x).index_add(0, dst, x[src])
        deg = x.new_zeros(x.shape[0]).index_add(0, dst, x.new_ones(dst.shape[0]))
        return out / deg.clamp_min(1).unsqueeze(-1)


class Model(nn.Module):
    """Message passing where the node count is the number of rows of the node features."""

    def __init__(self, d: int = 5):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.aggr = MeanAggr()

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        return self.aggr(self.lin(x), edge_index).relu()


def inputs():
    torch.manual_seed(6512)
    return [
        (torch.randn(6, 5), torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 5]])),
        (torch.randn(6, 5), torch.tensor([[0, 1, 2, 0, 5], [1, 2, 3, 2, 0]])),
    ]
