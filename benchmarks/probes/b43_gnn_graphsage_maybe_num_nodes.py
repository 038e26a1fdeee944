# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def maybe_num_nodes(edge_index: Tensor, num_nodes: Optional[int] = None) -> int:
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0


def scatter_mean(src: Tensor, index: Tensor, dim_size: int) -> Tensor:
    out = src.new_zeros(dim_size, src.size(-1)).index_add_(0, index, src)
    count = src.new_zeros(dim_size).index_add_(0, index, src.new_ones(index.size(0)))
    return out / count.clamp(min=1).unsqueeze(-1)


class SAGEConv(nn.Module):
    def __init__(self, in_channels, out_channels, normalize=True):
        super().__init__()
        self.lin_l = nn.Linear(in_channels, out_channels)
        self.lin_r = nn.Linear(in_channels, out_channels, bias=False)
        self.normalize = normalize

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index
        n = maybe_num_nodes(edge_index)
        aggr = scatter_mean(x[src], dst, n)
        out = self.lin_l(aggr) + self.lin_r(x[:n])
        return F.normalize(out, p=2.0, dim=-1) if self.normalize else out


class GraphSAGE(nn.Module):
    def __init__(self, in_channels=5, hidden=8, out_channels=3, num_layers=2, dropout=0.5):
        super().__init__()
        dims = [in_channels] + [hidden] * (num_layers - 1) + [out_channels]
        self.convs = nn.ModuleList(SAGEConv(a, b, normalize=i < num_layers - 1) for i, (a, b) in enumerate(zip(dims[:-1], dims[1:])))
        self.dropout = dropout

    def forward(self, x, edge_index):
        for i, conv in enumerate(self.convs):
            x = conv(x, edge_index)
            if i < len(self.convs) - 1:
                x = F.dropout(F.relu(x), p=self.dropout, training=self.training)
        return x


Model = GraphSAGE


def inputs():
    torch.manual_seed(4312)
    x = torch.randn(6, 5)
    return [
        (x, torch.tensor([[0, 1, 2, 3, 4, 5, 1], [1, 2, 3, 4, 5, 0, 3]])),
        (x, torch.tensor([[0, 1, 2, 3, 2, 1, 0], [1, 2, 3, 0, 1, 0, 2]])),
    ]
