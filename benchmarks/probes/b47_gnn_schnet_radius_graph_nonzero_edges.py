# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GaussianSmearing(nn.Module):
    def __init__(self, start=0.0, stop=5.0, num_gaussians=16):
        super().__init__()
        offset = torch.linspace(start, stop, num_gaussians)
        self.coeff = -0.5 / (offset[1] - offset[0]).item() ** 2
        self.register_buffer("offset", offset)

    def forward(self, dist):
        dist = dist.view(-1, 1) - self.offset.view(1, -1)
        return torch.exp(self.coeff * torch.pow(dist, 2))


class ShiftedSoftplus(nn.Module):
    def __init__(self):
        super().__init__()
        self.shift = math.log(2.0)

    def forward(self, x):
        return F.softplus(x) - self.shift


def radius_graph(pos, batch, r):
    """Pairs of atoms of one molecule closer than r (no self loops)."""
    dist = torch.cdist(pos, pos)
    same = batch.unsqueeze(0) == batch.unsqueeze(1)
    adj = (dist < r) & same
    adj.fill_diagonal_(False)
    row, col = adj.nonzero(as_tuple=True)
    return torch.stack([row, col], dim=0)


class CFConv(nn.Module):
    def __init__(self, hidden, num_gaussians, cutoff):
        super().__init__()
        self.cutoff = cutoff
        self.mlp = nn.Sequential(nn.Linear(num_gaussians, hidden), ShiftedSoftplus(), nn.Linear(hidden, hidden))
        self.lin1 = nn.Linear(hidden, hidden, bias=False)
        self.lin2 = nn.Linear(hidden, hidden)

    def forward(self, x, edge_index, edge_weight, edge_attr):
        C = 0.5 * (torch.cos(edge_weight * math.pi / self.cutoff) + 1.0)
        W = self.mlp(edge_attr) * C.view(-1, 1)
        x = self.lin1(x)
        msg = x[edge_index[0]] * W
        agg = torch.zeros_like(x).index_add_(0, edge_index[1], msg)
        return self.lin2(agg)


class SchNet(nn.Module):
    def __init__(self, hidden=16, num_interactions=2, cutoff=3.0, num_gaussians=16):
        super().__init__()
        self.cutoff = cutoff
        self.embedding = nn.Embedding(10, hidden)
        self.distance_expansion = GaussianSmearing(0.0, cutoff, num_gaussians)
        self.interactions = nn.ModuleList([CFConv(hidden, num_gaussians, cutoff) for _ in range(num_interactions)])
        self.act = ShiftedSoftplus()
        self.out = nn.Linear(hidden, 1)

    def forward(self, z, pos, batch):
        h = self.embedding(z)
        edge_index = radius_graph(pos, batch, r=self.cutoff)
        row, col = edge_index
        edge_weight = (pos[row] - pos[col]).norm(dim=-1)
        edge_attr = self.distance_expansion(edge_weight)
        for interaction in self.interactions:
            h = h + self.act(interaction(h, edge_index, edge_weight, edge_attr))
        out = self.out(h)
        return torch.zeros(2, 1).index_add_(0, batch, out)


Model = SchNet


def inputs():
    torch.manual_seed(4711)
    return [
        (torch.randint(0, 10, (6,)), torch.randn(6, 3), torch.tensor([0, 0, 0, 1, 1, 1])),
        (torch.randint(0, 10, (9,)), torch.randn(9, 3) * 2, torch.tensor([0, 0, 0, 0, 1, 1, 1, 1, 1])),
    ]
