# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def prune_edges(edge_index: torch.Tensor, edge_weight: torch.Tensor, threshold: float):
    """Drop weak edges before message passing (sparsifies dense k-NN graphs)."""
    keep = edge_weight > threshold
    return edge_index[:, keep], edge_weight[keep]


def gcn_norm(edge_index: torch.Tensor, edge_weight: torch.Tensor, num_nodes: int) -> torch.Tensor:
    src, dst = edge_index[0], edge_index[1]
    deg = torch.zeros(num_nodes, dtype=edge_weight.dtype).index_add_(0, dst, edge_weight) + 1.0
    inv_sqrt = deg.rsqrt()
    return inv_sqrt[src] * edge_weight * inv_sqrt[dst]


class GCNLayer(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.lin = nn.Linear(cin, cout)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor, edge_weight: torch.Tensor) -> torch.Tensor:
        n = x.shape[0]
        h = self.lin(x)
        norm = gcn_norm(edge_index, edge_weight, n)
        src, dst = edge_index[0], edge_index[1]
        out = torch.zeros_like(h).index_add_(0, dst, h[src] * norm.unsqueeze(-1))
        deg = torch.zeros(n, dtype=h.dtype).index_add_(0, dst, edge_weight) + 1.0
        return out + h / deg.unsqueeze(-1)


class Model(nn.Module):
    """Two-layer GCN over a weighted similarity graph with weak edges pruned, and a node
    classification head."""

    def __init__(self, cin: int = 8, hidden: int = 16, classes: int = 3, threshold: float = 0.3):
        super().__init__()
        self.threshold = threshold
        self.conv1 = GCNLayer(cin, hidden)
        self.conv2 = GCNLayer(hidden, hidden)
        self.cls = nn.Linear(hidden, classes)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor, edge_weight: torch.Tensor) -> torch.Tensor:
        edge_index, edge_weight = prune_edges(edge_index, edge_weight, self.threshold)
        h = torch.relu(self.conv1(x, edge_index, edge_weight))
        h = torch.relu(self.conv2(h, edge_index, edge_weight))
        return self.cls(h)


def inputs():
    torch.manual_seed(6022)

    def graph(n: int, e: int):
        return (torch.randn(n, 8), torch.randint(0, n, (2, e)), torch.rand(e))

    return [graph(10, 30), graph(14, 50)]
