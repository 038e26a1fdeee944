import torch
from torch import nn


def normalized_adjacency(edge_index, num_nodes: int):
    loops = torch.arange(num_nodes).repeat(2, 1)
    edge_index = torch.cat([edge_index, loops], dim=1)
    deg = torch.zeros(num_nodes).index_add_(0, edge_index[0], torch.ones(edge_index.shape[1]))
    norm = deg[edge_index[0]].rsqrt() * deg[edge_index[1]].rsqrt()
    return torch.sparse_coo_tensor(edge_index, norm, (num_nodes, num_nodes))  # breaks: compile


class GCNLayer(nn.Module):
    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x, adj):
        return torch.sparse.mm(adj, self.lin(x))


class Model(nn.Module):
    def __init__(self, dims=(4, 8, 3)):
        super().__init__()
        self.layers = nn.ModuleList(GCNLayer(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x, edge_index):
        adj = normalized_adjacency(edge_index, x.shape[0])
        for i, layer in enumerate(self.layers):
            x = layer(x, adj)
            if i < len(self.layers) - 1:
                x = x.relu()
        return x


def inputs():
    return [
        (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])),
        (torch.randn(4, 4), torch.tensor([[0, 0, 1, 2], [1, 2, 3, 3]])),
    ]
