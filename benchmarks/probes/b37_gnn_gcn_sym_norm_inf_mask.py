# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def gcn_norm(edge_index: Tensor, num_nodes: int, edge_weight: Optional[Tensor] = None,
             add_self_loops: bool = True, dtype: Optional[torch.dtype] = None) -> Tuple[Tensor, Tensor]:
    if edge_weight is None:
        edge_weight = torch.ones(edge_index.size(1), dtype=dtype, device=edge_index.device)
    if add_self_loops:
        loop = torch.arange(num_nodes, device=edge_index.device)
        edge_index = torch.cat([edge_index, loop.unsqueeze(0).repeat(2, 1)], dim=1)
        edge_weight = torch.cat([edge_weight, edge_weight.new_ones(num_nodes)])
    row, col = edge_index[0], edge_index[1]
    deg = torch.zeros(num_nodes, dtype=edge_weight.dtype, device=edge_weight.device).scatter_add_(0, col, edge_weight)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt[deg_inv_sqrt == float("inf")] = 0
    return edge_index, deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]


class GCNConv(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, add_self_loops: bool = True):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels, bias=False)
        self.bias = nn.Parameter(torch.zeros(out_channels))
        self.add_self_loops = add_self_loops

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        edge_index, norm = gcn_norm(edge_index, x.size(0), add_self_loops=self.add_self_loops, dtype=x.dtype)
        h = self.lin(x)
        msg = h.index_select(0, edge_index[0]) * norm.unsqueeze(-1)
        return torch.zeros_like(h).index_add_(0, edge_index[1], msg) + self.bias


class GCN(nn.Module):
    def __init__(self, in_ch=8, hidden=16, num_classes=3, dropout=0.5):
        super().__init__()
        self.conv1 = GCNConv(in_ch, hidden)
        self.conv2 = GCNConv(hidden, num_classes)
        self.dropout = dropout

    def forward(self, x, edge_index):
        x = F.dropout(x, p=self.dropout, training=self.training)
        x = F.relu(self.conv1(x, edge_index))
        x = F.dropout(x, p=self.dropout, training=self.training)
        return F.log_softmax(self.conv2(x, edge_index), dim=1)


Model = GCN


def inputs():
    torch.manual_seed(3718)
    return [(torch.randn(6, 8), torch.randint(0, 6, (2, 10))), (torch.randn(9, 8), torch.randint(0, 9, (2, 17)))]
