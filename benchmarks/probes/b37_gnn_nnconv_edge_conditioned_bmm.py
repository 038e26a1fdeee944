# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NNConv(nn.Module):
    """Edge-conditioned convolution: an MLP maps each edge's features to a weight matrix."""

    def __init__(self, in_ch, out_ch, edge_dim, aggr="mean", root_weight=True):
        super().__init__()
        self.in_ch, self.out_ch, self.aggr = in_ch, out_ch, aggr
        self.edge_nn = nn.Sequential(nn.Linear(edge_dim, 32), nn.ReLU(), nn.Linear(32, in_ch * out_ch))
        self.root = nn.Linear(in_ch, out_ch) if root_weight else None

    def forward(self, x, edge_index, edge_attr):
        src, dst = edge_index
        weight = self.edge_nn(edge_attr).view(-1, self.in_ch, self.out_ch)
        msg = torch.bmm(x[src].unsqueeze(1), weight).squeeze(1)
        out = x.new_zeros(x.size(0), self.out_ch).index_add_(0, dst, msg)
        if self.aggr == "mean":
            count = x.new_zeros(x.size(0)).index_add_(0, dst, torch.ones_like(dst, dtype=x.dtype))
            out = out / count.clamp(min=1).unsqueeze(-1)
        if self.root is not None:
            out = out + self.root(x)
        return out


class MPNN(nn.Module):
    def __init__(self, node_in=6, edge_in=4, dim=16, steps=3, num_targets=2):
        super().__init__()
        self.lin0 = nn.Linear(node_in, dim)
        self.conv = NNConv(dim, dim, edge_in, aggr="mean")
        self.gru = nn.GRUCell(dim, dim)
        self.steps = steps
        self.readout = nn.Sequential(nn.Linear(2 * dim, dim), nn.ReLU(), nn.Linear(dim, num_targets))

    def forward(self, x, edge_index, edge_attr, assign):
        # assign: (num_graphs, num_nodes) dense membership matrix of the mini-batch
        h = torch.relu(self.lin0(x))
        for _ in range(self.steps):
            m = torch.relu(self.conv(h, edge_index, edge_attr))
            h = self.gru(m, h)
        summed = assign @ h
        mean = summed / assign.sum(dim=1, keepdim=True).clamp(min=1)
        return self.readout(torch.cat([summed, mean], dim=-1))


Model = MPNN


def _graph(n, e, g):
    batch = torch.arange(n) * g // n
    assign = (batch.unsqueeze(0) == torch.arange(g).unsqueeze(1)).float()
    return torch.randn(n, 6), torch.randint(0, n, (2, e)), torch.randn(e, 4), assign


def inputs():
    torch.manual_seed(3719)
    return [_graph(7, 12, 2), _graph(10, 20, 3)]
