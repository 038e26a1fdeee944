import numpy as np
import torch
from torch import nn


def gcn_norm(edge_index, num_nodes: int):
    row, col = edge_index
    deg = np.bincount(col.cpu().numpy(), minlength=num_nodes)  # breaks: compile,export,trace
    deg = deg.astype(np.float32)
    deg_inv_sqrt = torch.from_numpy(np.power(np.maximum(deg, 1.0), -0.5))
    return deg_inv_sqrt[row] * deg_inv_sqrt[col]


class GCNLayer(nn.Module):
    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.bias = nn.Parameter(torch.zeros(out_dim))

    def forward(self, x, edge_index):
        h = self.lin(x)
        norm = gcn_norm(edge_index, x.shape[0])
        msg = h[edge_index[0]] * norm.unsqueeze(-1)
        out = torch.zeros_like(h).index_add_(0, edge_index[1], msg)
        return out + self.bias


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([GCNLayer(6, 8), GCNLayer(8, 8)])

    def forward(self, x, edge_index):
        for conv in self.convs:
            x = torch.relu(conv(x, edge_index))
        return x.mean(0)


def inputs():
    return [
        (torch.randn(5, 6), torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 0, 2]])),
        (torch.randn(5, 6), torch.tensor([[0, 0, 0, 1, 2, 3], [1, 2, 3, 0, 0, 0]])),
    ]
