# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def scatter_add(src, index, dim_size):
    out = src.new_zeros((dim_size,) + src.shape[1:])
    return out.index_add_(0, index, src)


class EdgePooling(nn.Module):
    """Greedy edge contraction: highest-scoring edges merge their two endpoints."""

    def __init__(self, in_channels, add_to_edge_score=0.5):
        super().__init__()
        self.lin = nn.Linear(2 * in_channels, 1)
        self.add_to_edge_score = add_to_edge_score

    def compute_edge_score(self, raw, edge_index, num_nodes):
        return torch.sigmoid(raw) + self.add_to_edge_score

    def forward(self, x, edge_index):
        e = torch.cat([x[edge_index[0]], x[edge_index[1]]], dim=-1)
        e = self.compute_edge_score(self.lin(e).view(-1), edge_index, x.size(0))
        x, new_index = self._merge_edges(x, edge_index, e)
        return x, new_index

    def _merge_edges(self, x, edge_index, edge_score):
        cluster = torch.empty_like(x[:, 0], dtype=torch.long)
        perm = torch.argsort(edge_score, descending=True).tolist()
        remaining = set(range(x.size(0)))
        i = 0
        new_edge_indices = []
        edge_index_cpu = edge_index.cpu()
        for edge_idx in perm:
            source = int(edge_index_cpu[0, edge_idx])
            target = int(edge_index_cpu[1, edge_idx])
            if source not in remaining or target not in remaining:
                continue
            new_edge_indices.append(edge_idx)
            cluster[source] = i
            remaining.remove(source)
            if source != target:
                cluster[target] = i
                remaining.remove(target)
            i += 1
        for node_idx in sorted(remaining):
            cluster[node_idx] = i
            i += 1
        new_x = scatter_add(x, cluster, i)
        score = torch.cat([edge_score[new_edge_indices], x.new_ones(new_x.size(0) - len(new_edge_indices))])
        return new_x * score.unsqueeze(-1), cluster


class EdgePoolNet(nn.Module):
    def __init__(self, in_dim=6, hidden=8, n_classes=3):
        super().__init__()
        self.conv = nn.Linear(in_dim, hidden)
        self.pool = EdgePooling(hidden)
        self.head = nn.Linear(hidden, n_classes)

    def forward(self, x, edge_index):
        h = F.relu(self.conv(x))
        h, cluster = self.pool(h, edge_index)
        return self.head(h.mean(dim=0)), cluster


Model = EdgePoolNet


def inputs():
    torch.manual_seed(4504)
    ei1 = torch.tensor([[0, 1, 2, 3, 4, 0], [1, 2, 3, 4, 5, 5]])
    ei2 = torch.tensor([[0, 2, 1, 3, 4, 5], [1, 3, 4, 5, 0, 2]])
    return [(torch.randn(6, 6), ei1), (torch.randn(6, 6), ei2), (torch.randn(6, 6), ei1)]
