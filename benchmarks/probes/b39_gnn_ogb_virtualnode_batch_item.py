# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def global_add_pool(x, batch, size):
    out = x.new_zeros(size, x.size(-1))
    return out.index_add_(0, batch, x)


class GINConv(nn.Module):
    def __init__(self, emb_dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(emb_dim, 2 * emb_dim), nn.BatchNorm1d(2 * emb_dim), nn.ReLU(), nn.Linear(2 * emb_dim, emb_dim))
        self.eps = nn.Parameter(torch.zeros(1))

    def forward(self, x, edge_index):
        src, dst = edge_index
        aggr = torch.zeros_like(x).index_add_(0, dst, F.relu(x[src]))
        return self.mlp((1 + self.eps) * x + aggr)


class GNNVirtualNode(nn.Module):
    """Node encoder with a virtual node per graph (OGB molecule baseline layout)."""

    def __init__(self, num_layer=3, emb_dim=16, in_dim=9, drop_ratio=0.0, residual=True):
        super().__init__()
        self.num_layer = num_layer
        self.drop_ratio = drop_ratio
        self.residual = residual
        self.atom_encoder = nn.Linear(in_dim, emb_dim)
        self.virtualnode_embedding = nn.Embedding(1, emb_dim)
        nn.init.constant_(self.virtualnode_embedding.weight.data, 0)
        self.convs = nn.ModuleList([GINConv(emb_dim) for _ in range(num_layer)])
        self.batch_norms = nn.ModuleList([nn.BatchNorm1d(emb_dim) for _ in range(num_layer)])
        self.mlp_virtualnode_list = nn.ModuleList(
            [nn.Sequential(nn.Linear(emb_dim, 2 * emb_dim), nn.ReLU(), nn.Linear(2 * emb_dim, emb_dim), nn.ReLU()) for _ in range(num_layer - 1)]
        )
        self.graph_pred_linear = nn.Linear(emb_dim, 1)

    def forward(self, x, edge_index, batch):
        num_graphs = batch[-1].item() + 1  # breaks: compile,trace
        virtualnode_embedding = self.virtualnode_embedding(torch.zeros(num_graphs, dtype=edge_index.dtype, device=x.device))
        h_list = [self.atom_encoder(x)]
        for layer in range(self.num_layer):
            h_list[layer] = h_list[layer] + virtualnode_embedding[batch]
            h = self.batch_norms[layer](self.convs[layer](h_list[layer], edge_index))
            if layer < self.num_layer - 1:
                h = F.relu(h)
            h = F.dropout(h, self.drop_ratio, training=self.training)
            if self.residual:
                h = h + h_list[layer]
            h_list.append(h)
            if layer < self.num_layer - 1:
                vn_temp = global_add_pool(h_list[layer], batch, num_graphs) + virtualnode_embedding
                virtualnode_embedding = virtualnode_embedding + self.mlp_virtualnode_list[layer](vn_temp)
        node_repr = h_list[-1]
        counts = torch.zeros(num_graphs, device=x.device).index_add_(0, batch, torch.ones_like(batch, dtype=x.dtype))
        graph_repr = global_add_pool(node_repr, batch, num_graphs) / counts.clamp(min=1).unsqueeze(-1)
        return self.graph_pred_linear(graph_repr)


Model = GNNVirtualNode


def _graph_batch(sizes):
    xs, edges, batch, offset = [], [], [], 0
    for g, n in enumerate(sizes):
        xs.append(torch.randn(n, 9))
        src = torch.arange(n)
        dst = (src + 1) % n
        edges.append(torch.stack([torch.cat([src, dst]), torch.cat([dst, src])]) + offset)
        batch.append(torch.full((n,), g, dtype=torch.long))
        offset += n
    return torch.cat(xs), torch.cat(edges, 1), torch.cat(batch)


def inputs():
    torch.manual_seed(3901)
    return [_graph_batch([4, 5]), _graph_batch([3, 6, 4])]
