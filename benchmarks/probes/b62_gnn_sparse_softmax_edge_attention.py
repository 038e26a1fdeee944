# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def edge_softmax(scores: torch.Tensor, edge_index: torch.Tensor, n: int) -> torch.Tensor:
    """Softmax of edge scores over the incoming edges of every node, via a sparse matrix."""
    dst, src = edge_index[1], edge_index[0]
    att = torch.sparse_coo_tensor(torch.stack([dst, src]), scores, (n, n)).coalesce()
    return torch.sparse.softmax(att, dim=1)


class GATLayer(nn.Module):
    def __init__(self, din: int, dout: int):
        super().__init__()
        self.lin = nn.Linear(din, dout, bias=False)
        self.a_src = nn.Parameter(torch.randn(dout) * 0.1)
        self.a_dst = nn.Parameter(torch.randn(dout) * 0.1)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        h = self.lin(x)
        e = F.leaky_relu((h * self.a_src).sum(-1)[edge_index[0]] + (h * self.a_dst).sum(-1)[edge_index[1]], 0.2)
        alpha = edge_softmax(e, edge_index, x.shape[0])
        return torch.sparse.mm(alpha, h)


class Model(nn.Module):
    """Two-layer GAT node classifier over a single graph (self loops included)."""

    def __init__(self, din: int = 12, hid: int = 16, n_cls: int = 4):
        super().__init__()
        self.l1 = GATLayer(din, hid)
        self.l2 = GATLayer(hid, n_cls)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        h = F.elu(self.l1(x, edge_index))
        return self.l2(h, edge_index).log_softmax(-1)


def _graph(n: int, extra: int):
    loops = torch.arange(n)
    ring_src = torch.arange(n)
    ring_dst = (ring_src + 1) % n
    rnd_src = torch.randint(0, n, (extra,))
    rnd_dst = (rnd_src + torch.randint(2, n - 1, (extra,))) % n
    src = torch.cat([loops, ring_src, ring_dst, rnd_src])
    dst = torch.cat([loops, ring_dst, ring_src, rnd_dst])
    pairs = torch.unique(torch.stack([src, dst]), dim=1)
    return torch.randn(n, 12), pairs


def inputs():
    torch.manual_seed(6210)
    return [_graph(8, 6), _graph(13, 10)]
