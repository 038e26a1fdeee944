# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def scatter_sum(src: Tensor, index: Tensor, dim_size: int) -> Tensor:
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


def global_add_pool(x: Tensor, batch: Optional[Tensor], size: Optional[int] = None) -> Tensor:
    if batch is None:
        return x.sum(dim=0, keepdim=True)
    size = int(batch.max().item() + 1) if size is None else size  # breaks: compile,export,trace
    return scatter_sum(x, batch, size)


class GINConv(nn.Module):
    def __init__(self, mlp: nn.Module, eps: float = 0.0, train_eps: bool = False):
        super().__init__()
        self.nn = mlp
        if train_eps:
            self.eps = nn.Parameter(torch.tensor([eps]))
        else:
            self.register_buffer("eps", torch.tensor([eps]))

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        agg = scatter_sum(x[src], dst, x.size(0))
        return self.nn((1 + self.eps) * x + agg)


class GIN(nn.Module):
    def __init__(self, in_dim: int = 6, hidden: int = 16, num_layers: int = 3, out_dim: int = 2):
        super().__init__()
        self.convs = nn.ModuleList()
        for i in range(num_layers):
            mlp = nn.Sequential(nn.Linear(in_dim if i == 0 else hidden, hidden), nn.BatchNorm1d(hidden), nn.ReLU(), nn.Linear(hidden, hidden))
            self.convs.append(GINConv(mlp, train_eps=True))
        self.lin = nn.Linear(hidden * num_layers, out_dim)

    def forward(self, x: Tensor, edge_index: Tensor, batch: Tensor) -> Tensor:
        xs = []
        for conv in self.convs:
            x = F.relu(conv(x, edge_index))
            xs.append(global_add_pool(x, batch))
        return self.lin(torch.cat(xs, dim=-1))


Model = GIN


def inputs():
    torch.manual_seed(5011)
    return [
        (torch.randn(7, 6), torch.tensor([[0, 1, 2, 3, 4, 5, 6, 0], [1, 2, 0, 4, 5, 6, 3, 2]]), torch.tensor([0, 0, 0, 1, 1, 1, 1])),
        (torch.randn(7, 6), torch.tensor([[0, 1, 2, 3, 4, 5], [1, 0, 3, 2, 5, 6]]), torch.tensor([0, 0, 1, 1, 2, 2, 2])),
    ]
