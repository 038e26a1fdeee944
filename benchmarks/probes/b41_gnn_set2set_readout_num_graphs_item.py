# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def scatter_softmax(src: torch.Tensor, index: torch.Tensor, dim_size: int) -> torch.Tensor:
    maxes = src.new_full((dim_size,), float("-inf")).scatter_reduce(0, index, src, reduce="amax", include_self=True)
    exp = (src - maxes[index]).exp()
    denom = exp.new_zeros(dim_size).index_add(0, index, exp)
    return exp / (denom[index] + 1e-16)


class Set2Set(nn.Module):
    def __init__(self, in_channels: int, processing_steps: int = 3):
        super().__init__()
        self.in_channels = in_channels
        self.out_channels = 2 * in_channels
        self.processing_steps = processing_steps
        self.lstm = nn.LSTM(self.out_channels, in_channels, batch_first=True)

    def forward(self, x: torch.Tensor, batch: torch.Tensor, dim_size=None) -> torch.Tensor:
        if dim_size is None:
            dim_size = int(batch.max()) + 1
        h = (x.new_zeros((1, dim_size, self.in_channels)), x.new_zeros((1, dim_size, self.in_channels)))
        q_star = x.new_zeros(dim_size, self.out_channels)
        for _ in range(self.processing_steps):
            q, h = self.lstm(q_star.unsqueeze(1), h)
            q = q.view(dim_size, self.in_channels)
            e = (x * q[batch]).sum(dim=-1)
            a = scatter_softmax(e, batch, dim_size)
            r = x.new_zeros(dim_size, self.in_channels).index_add(0, batch, a.unsqueeze(-1) * x)
            q_star = torch.cat([q, r], dim=-1)
        return q_star


class MPNNReadout(nn.Module):
    def __init__(self, node_dim: int = 6, hidden: int = 16, out_dim: int = 1, steps: int = 2):
        super().__init__()
        self.embed = nn.Linear(node_dim, hidden)
        self.msg = nn.Linear(hidden, hidden)
        self.gru = nn.GRUCell(hidden, hidden)
        self.steps = steps
        self.readout = Set2Set(hidden)
        self.head = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.ReLU(), nn.Linear(hidden, out_dim))

    def forward(self, x, edge_index, batch):
        h = F.relu(self.embed(x))
        src, dst = edge_index
        for _ in range(self.steps):
            m = torch.zeros_like(h).index_add(0, dst, self.msg(h)[src])
            h = self.gru(m, h)
        return self.head(self.readout(h, batch)).squeeze(-1)


Model = MPNNReadout


def inputs():
    torch.manual_seed(4117)
    b1 = torch.tensor([0, 0, 0, 1, 1, 1, 1])
    b2 = torch.tensor([0, 0, 1, 1, 2, 2, 2, 3, 3, 3])
    return [(torch.randn(7, 6), torch.randint(0, 7, (2, 12)), b1), (torch.randn(10, 6), torch.randint(0, 10, (2, 20)), b2)]
