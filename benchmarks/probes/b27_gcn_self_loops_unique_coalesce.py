import torch
import torch.nn as nn
import torch.nn.functional as F


def add_self_loops_coalesce(edge_index, num_nodes):
    loops = torch.arange(num_nodes, device=edge_index.device).repeat(2, 1)
    ei = torch.cat([edge_index, loops], dim=1)
    key = torch.unique(ei[0] * num_nodes + ei[1])
    return torch.stack([key // num_nodes, key % num_nodes])


def gcn_norm(edge_index, num_nodes: int, dtype=torch.float32):
    row, col = edge_index
    deg = torch.zeros(num_nodes, dtype=dtype).scatter_add_(0, col, torch.ones(col.numel(), dtype=dtype))
    dinv = deg.pow(-0.5)
    dinv = dinv.masked_fill(torch.isinf(dinv), 0.0)
    return dinv[row] * dinv[col]


class GCNConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.lin = nn.Linear(cin, cout, bias=False)
        self.bias = nn.Parameter(torch.zeros(cout))

    def forward(self, x, edge_index):
        n = x.size(0)
        ei = add_self_loops_coalesce(edge_index, n)
        w = gcn_norm(ei, n, x.dtype)
        h = self.lin(x)
        out = torch.zeros_like(h).index_add_(0, ei[1], h[ei[0]] * w.unsqueeze(-1))
        return out + self.bias


class GCN(nn.Module):
    def __init__(self, in_dim=8, hidden=16, num_classes=3, dropout=0.5):
        super().__init__()
        self.conv1 = GCNConv(in_dim, hidden)
        self.conv2 = GCNConv(hidden, num_classes)
        self.dropout = dropout

    def forward(self, x, edge_index):
        x = F.relu(self.conv1(x, edge_index))
        x = F.dropout(x, self.dropout, training=self.training)
        return F.log_softmax(self.conv2(x, edge_index), dim=-1)


Model = GCN


def inputs():
    torch.manual_seed(284)
    return [
        (torch.randn(9, 8), torch.randint(0, 9, (2, 24))),
        (torch.randn(6, 8), torch.tensor([[0, 1, 1, 2, 3, 4, 0], [1, 0, 2, 1, 4, 3, 1]])),
    ]
