# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def add_self_loops(edge_index: torch.Tensor, num_nodes: int) -> torch.Tensor:
    loop = torch.arange(num_nodes, device=edge_index.device)
    return torch.cat([edge_index, torch.stack([loop, loop])], dim=1)


def segment_softmax(scores: torch.Tensor, index: torch.Tensor, num_nodes: int) -> torch.Tensor:
    """Softmax of edge scores grouped by destination node; scores: (E, H)."""
    heads = scores.size(1)
    idx = index.unsqueeze(-1).expand(-1, heads)
    smax = scores.new_full((num_nodes, heads), float("-inf"))
    smax = smax.scatter_reduce(0, idx, scores, reduce="amax", include_self=True)
    exp = (scores - smax.gather(0, idx)).exp()
    denom = scores.new_zeros(num_nodes, heads).index_add_(0, index, exp)
    return exp / (denom.gather(0, idx) + 1e-16)


class GATConv(nn.Module):
    def __init__(self, in_dim, out_dim, heads=2, concat=True, negative_slope=0.2):
        super().__init__()
        self.heads, self.out_dim, self.concat = heads, out_dim, concat
        self.lin = nn.Linear(in_dim, heads * out_dim, bias=False)
        self.att_src = nn.Parameter(torch.randn(1, heads, out_dim) * 0.1)
        self.att_dst = nn.Parameter(torch.randn(1, heads, out_dim) * 0.1)
        self.negative_slope = negative_slope

    def forward(self, x, edge_index):
        n = x.size(0)
        edge_index = add_self_loops(edge_index, n)
        src, dst = edge_index[0], edge_index[1]
        h = self.lin(x).view(n, self.heads, self.out_dim)
        a_src = (h * self.att_src).sum(-1)
        a_dst = (h * self.att_dst).sum(-1)
        alpha = F.leaky_relu(a_src[src] + a_dst[dst], self.negative_slope)
        alpha = segment_softmax(alpha, dst, n)
        msg = h[src] * alpha.unsqueeze(-1)
        out = torch.zeros_like(h).index_add_(0, dst, msg)
        return out.flatten(1) if self.concat else out.mean(1)


class GAT(nn.Module):
    def __init__(self, in_dim=5, hidden=4, n_classes=3, heads=2):
        super().__init__()
        self.conv1 = GATConv(in_dim, hidden, heads)
        self.conv2 = GATConv(hidden * heads, n_classes, 1, concat=False)

    def forward(self, x, edge_index):
        x = F.elu(self.conv1(x, edge_index))
        return F.log_softmax(self.conv2(x, edge_index), dim=-1)


Model = GAT


def inputs():
    torch.manual_seed(4313)
    return [
        (torch.randn(5, 5), torch.tensor([[0, 1, 2, 3, 4, 2], [1, 2, 3, 4, 0, 0]])),
        (torch.randn(7, 5), torch.tensor([[0, 1, 2, 3, 4, 5, 6, 6], [1, 2, 3, 4, 5, 6, 0, 2]])),
    ]
