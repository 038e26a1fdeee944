import torch
import torch.nn as nn
from torch import Tensor


def remove_self_loops(edge_index: Tensor, edge_weight: Tensor):
    keep = edge_index[0] != edge_index[1]
    return edge_index[:, keep], edge_weight[keep]  # breaks: compile


class GraphConv(nn.Module):
    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin_rel = nn.Linear(in_dim, out_dim)
        self.lin_root = nn.Linear(in_dim, out_dim, bias=False)

    def forward(self, x: Tensor, edge_index: Tensor, edge_weight: Tensor) -> Tensor:
        edge_index, edge_weight = remove_self_loops(edge_index, edge_weight)
        src, dst = edge_index
        msg = x.index_select(0, src) * edge_weight.unsqueeze(-1)
        agg = torch.zeros_like(x).index_add_(0, dst, msg)
        return self.lin_rel(agg) + self.lin_root(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = GraphConv(6, 12)
        self.conv2 = GraphConv(12, 3)

    def forward(self, x, edge_index, edge_weight):
        h = torch.relu(self.conv1(x, edge_index, edge_weight))
        return self.conv2(h, edge_index, edge_weight)


def inputs():
    torch.manual_seed(8)
    e1 = torch.tensor([[0, 1, 2, 2, 3, 4], [1, 1, 3, 0, 3, 0]])
    e2 = torch.tensor([[0, 0, 2, 1, 3, 4], [1, 2, 3, 4, 0, 4]])
    return [(torch.randn(5, 6), e1, torch.rand(6)), (torch.randn(5, 6), e2, torch.rand(6))]
