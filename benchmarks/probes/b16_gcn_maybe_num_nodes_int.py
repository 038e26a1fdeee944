import torch
from torch import nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # breaks: compile,export


def symmetric_norm(edge_index: torch.Tensor, num_nodes=None) -> torch.Tensor:
    num_nodes = maybe_num_nodes(edge_index, num_nodes)
    src, dst = edge_index
    deg = torch.zeros(num_nodes, dtype=torch.float32, device=edge_index.device)
    deg.index_add_(0, dst, torch.ones_like(dst, dtype=torch.float32))
    inv_sqrt = deg.clamp(min=1.0).rsqrt()
    return inv_sqrt[src] * inv_sqrt[dst]


class GCNLayer(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.lin = nn.Linear(cin, cout, bias=False)
        self.bias = nn.Parameter(torch.zeros(cout))

    def forward(self, x, edge_index):
        h = self.lin(x)
        norm = symmetric_norm(edge_index)
        msg = h[edge_index[0]] * norm.unsqueeze(-1)
        out = torch.zeros_like(h).index_add_(0, edge_index[1], msg)
        return out + h + self.bias


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([GCNLayer(5, 16), GCNLayer(16, 16)])
        self.readout = nn.Linear(16, 3)

    def forward(self, x, edge_index):
        for layer in self.layers:
            x = torch.relu(layer(x, edge_index))
        return self.readout(x.mean(0, keepdim=True))


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(6, 5), torch.randint(0, 6, (2, 12))),
        (torch.randn(6, 5), torch.randint(0, 6, (2, 12))),
    ]
