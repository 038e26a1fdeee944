# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def scatter_mean(src: torch.Tensor, index: torch.Tensor, dim_size: int) -> torch.Tensor:
    """Mean of the rows of src that share a target index (zero rows where none)."""
    total = src.new_zeros(dim_size, src.shape[1]).index_add_(0, index, src)
    count = src.new_zeros(dim_size).index_add_(0, index, torch.ones_like(index, dtype=src.dtype))
    return total / count.clamp(min=1).unsqueeze(-1)


class MeanConv(nn.Module):
    """GraphSAGE-style layer: mean of neighbour messages plus a root projection."""

    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.lin_nb = nn.Linear(d_in, d_out)
        self.lin_root = nn.Linear(d_in, d_out)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        src, dst = edge_index[0], edge_index[1]
        agg = scatter_mean(x[src], dst, x.shape[0])
        return self.lin_nb(agg) + self.lin_root(x)


class Model(nn.Module):
    def __init__(self, d: int = 5):
        super().__init__()
        self.convs = nn.ModuleList([MeanConv(d, d), MeanConv(d, d)])

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        for conv in self.convs:
            x = torch.relu(conv(x, edge_index))
        return x


def inputs():
    torch.manual_seed(6607)
    e1 = torch.tensor([[0, 1, 2, 3, 4, 2], [1, 2, 3, 4, 0, 0]])
    e2 = torch.tensor([[4, 3, 1, 0, 0, 2], [0, 0, 0, 1, 2, 3]])
    return [(torch.randn(5, 5), e1), (torch.randn(5, 5), e2)]
