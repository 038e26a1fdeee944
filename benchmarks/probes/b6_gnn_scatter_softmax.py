import torch
from torch import nn


def scatter_softmax(scores, index, num_nodes: int):
    amax = scores.new_full((num_nodes,), float("-inf"))
    amax = amax.scatter_reduce(0, index, scores, reduce="amax", include_self=True)
    e = (scores - amax[index]).exp()
    denom = scores.new_zeros(num_nodes).index_add_(0, index, e)
    return e / denom[index]


class GATLayer(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)
        self.att = nn.Linear(2 * dim, 1, bias=False)

    def forward(self, h, edge_index):
        src, dst = edge_index
        wh = self.lin(h)
        score = torch.nn.functional.leaky_relu(self.att(torch.cat([wh[src], wh[dst]], -1)))
        alpha = scatter_softmax(score.squeeze(-1), dst, h.size(0))
        return torch.zeros_like(wh).index_add_(0, dst, alpha[:, None] * wh[src])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gat = GATLayer()

    def forward(self, h, edge_index):
        return self.gat(h, edge_index)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 0]])),
        (torch.randn(4, 8), torch.tensor([[1, 2, 3, 0, 2], [0, 0, 1, 2, 3]])),
    ]
