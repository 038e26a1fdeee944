import torch
from torch import nn


def scatter_softmax(src, index, num_segments):
    mx = torch.full((num_segments,), float("-inf"), dtype=src.dtype).scatter_reduce(0, index, src, "amax")
    e = (src - mx[index]).exp()
    denom = torch.zeros(num_segments, dtype=src.dtype).index_add(0, index, e)
    return e / denom[index]


class GlobalAttentionPool(nn.Module):
    def __init__(self, gate_nn, nn_=None):
        super().__init__()
        self.gate_nn, self.nn = gate_nn, nn_

    def forward(self, x, batch, size=None):
        size = int(batch.max()) + 1 if size is None else size  # breaks: compile,export,trace
        gate = self.gate_nn(x).squeeze(-1)
        x = self.nn(x) if self.nn is not None else x
        gate = scatter_softmax(gate, batch, size)
        out = x.new_zeros(size, x.size(-1))
        return out.index_add(0, batch, gate.unsqueeze(-1) * x)


class Model(nn.Module):
    def __init__(self, d=8, hidden=16):
        super().__init__()
        self.conv = nn.Linear(d, hidden)
        self.pool = GlobalAttentionPool(nn.Linear(hidden, 1), nn.Linear(hidden, hidden))
        self.head = nn.Linear(hidden, 2)

    def forward(self, x, adj, batch):
        h = torch.relu(self.conv(adj @ x))
        return self.head(self.pool(h, batch))


def inputs():
    torch.manual_seed(14)
    def g(n, b):
        adj = (torch.rand(n, n) > 0.6).float()
        return torch.randn(n, 8), adj, torch.arange(b).repeat_interleave(n // b)
    return [g(6, 2), g(9, 3), g(8, 4)]
