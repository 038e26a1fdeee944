# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class EdgeNetwork(nn.Module):
    """NNConv-style message function: an MLP on edge features produces a
    (in_dim x out_dim) matrix per edge (Gilmer et al., MPNN)."""

    def __init__(self, node_dim: int, edge_dim: int, aggr: str = "add"):
        super().__init__()
        self.node_dim = node_dim
        self.aggr = aggr
        self.edge_mlp = nn.Sequential(nn.Linear(edge_dim, 32), nn.ReLU(), nn.Linear(32, node_dim * node_dim))
        self.root = nn.Linear(node_dim, node_dim, bias=True)

    def forward(self, x: Tensor, edge_index: Tensor, edge_attr: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        W = self.edge_mlp(edge_attr).view(-1, self.node_dim, self.node_dim)
        msg = torch.bmm(x.index_select(0, src).unsqueeze(1), W).squeeze(1)
        out = x.new_zeros(x.size(0), self.node_dim).index_add_(0, dst, msg)
        if self.aggr == "mean":
            deg = x.new_zeros(x.size(0)).index_add_(0, dst, torch.ones_like(dst, dtype=x.dtype))
            out = out / deg.clamp(min=1).unsqueeze(-1)
        return out + self.root(x)


class MPNN(nn.Module):
    def __init__(self, in_dim=5, node_dim=8, edge_dim=3, steps=3, num_graphs=2):
        super().__init__()
        self.lin0 = nn.Linear(in_dim, node_dim)
        self.conv = EdgeNetwork(node_dim, edge_dim, aggr="mean")
        self.gru = nn.GRUCell(node_dim, node_dim)
        self.steps = steps
        self.num_graphs = num_graphs
        self.readout = nn.Linear(node_dim, 1)

    def forward(self, x, edge_index, edge_attr, batch):
        out = torch.relu(self.lin0(x))
        h = out
        for _ in range(self.steps):
            m = torch.relu(self.conv(out, edge_index, edge_attr))
            h = self.gru(m, h)
            out = h
        pooled = out.new_zeros(self.num_graphs, out.size(1)).index_add_(0, batch, out)
        counts = out.new_zeros(self.num_graphs).index_add_(0, batch, torch.ones_like(batch, dtype=out.dtype))
        return self.readout(pooled / counts.clamp(min=1).unsqueeze(-1))


Model = MPNN


def inputs():
    torch.manual_seed(4710)
    ei1 = torch.tensor([[0, 1, 2, 3, 4, 5], [1, 0, 3, 2, 5, 4]])
    ei2 = torch.tensor([[0, 1, 1, 2, 3, 4, 5, 6, 6], [1, 0, 2, 1, 4, 3, 6, 5, 0]])
    return [
        (torch.randn(6, 5), ei1, torch.randn(6, 3), torch.tensor([0, 0, 0, 1, 1, 1])),
        (torch.randn(7, 5), ei2, torch.randn(9, 3), torch.tensor([0, 0, 0, 1, 1, 1, 1])),
    ]
