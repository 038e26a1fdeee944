from typing import Optional

import torch
from torch import Tensor, nn


class MessagePassing(nn.Module):
    aggr = "add"

    def propagate(self, edge_index: Tensor, x: Tensor, edge_weight: Optional[Tensor] = None) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        msg = self.message(x.index_select(0, src), edge_weight)
        out = x.new_zeros(x.shape).index_add_(0, dst, msg)
        if self.aggr == "mean":
            deg = x.new_zeros(x.size(0)).index_add_(0, dst, torch.ones_like(dst, dtype=x.dtype))
            out = out / deg.clamp(min=1).unsqueeze(-1)
        return out

    def message(self, x_j: Tensor, edge_weight: Optional[Tensor]) -> Tensor:
        return x_j if edge_weight is None else x_j * edge_weight.unsqueeze(-1)


class GINConv(MessagePassing):
    def __init__(self, dim: int, eps: float = 0.0, train_eps: bool = True):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.BatchNorm1d(dim), nn.ReLU(), nn.Linear(dim, dim))
        self.eps = nn.Parameter(torch.tensor([eps]), requires_grad=train_eps)

    def forward(self, x, edge_index, edge_weight=None):
        return self.mlp((1 + self.eps) * x + self.propagate(edge_index, x, edge_weight))


class SAGEMean(MessagePassing):
    aggr = "mean"

    def __init__(self, dim):
        super().__init__()
        self.lin_l, self.lin_r = nn.Linear(dim, dim), nn.Linear(dim, dim, bias=False)

    def forward(self, x, edge_index, edge_weight=None):
        return self.lin_l(self.propagate(edge_index, x, edge_weight)) + self.lin_r(x)


class GraphEncoder(nn.Module):
    def __init__(self, in_dim=6, hidden=32, out_dim=4):
        super().__init__()
        self.inp = nn.Linear(in_dim, hidden)
        self.convs = nn.ModuleList([GINConv(hidden), SAGEMean(hidden), GINConv(hidden, train_eps=False)])
        self.out = nn.Linear(hidden, out_dim)

    def forward(self, x, edge_index, edge_weight):
        h = self.inp(x)
        for conv in self.convs:
            h = h + torch.relu(conv(h, edge_index, edge_weight))
        return self.out(h)


Model = GraphEncoder


def inputs():
    torch.manual_seed(272)
    return [
        (torch.randn(10, 6), torch.randint(0, 10, (2, 30)), torch.rand(30)),
        (torch.randn(7, 6), torch.randint(0, 7, (2, 18)), torch.rand(18)),
    ]
