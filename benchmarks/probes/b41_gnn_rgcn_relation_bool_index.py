# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class RGCNConv(nn.Module):
    """Relational GCN layer with basis decomposition and per-relation mean aggregation."""

    def __init__(self, in_channels: int, out_channels: int, num_relations: int, num_bases: int = 2, root_weight: bool = True):
        super().__init__()
        self.num_relations = num_relations
        self.basis = nn.Parameter(torch.randn(num_bases, in_channels, out_channels) * in_channels ** -0.5)
        self.comp = nn.Parameter(torch.randn(num_relations, num_bases))
        self.root = nn.Linear(in_channels, out_channels, bias=True) if root_weight else None

    @property
    def weight(self) -> Tensor:
        return torch.einsum("rb,bio->rio", self.comp, self.basis)

    def forward(self, x: Tensor, edge_index: Tensor, edge_type: Tensor) -> Tensor:
        out = x.new_zeros(x.size(0), self.basis.size(-1))
        weight = self.weight
        for r in range(self.num_relations):
            mask = edge_type == r
            src, dst = edge_index[0, mask], edge_index[1, mask]
            if src.numel() == 0:
                continue
            msg = x[src] @ weight[r]
            deg = torch.zeros(x.size(0)).index_add_(0, dst, torch.ones_like(dst, dtype=torch.float))
            out.index_add_(0, dst, msg / deg[dst].unsqueeze(-1))
        if self.root is not None:
            out = out + self.root(x)
        return out


class RGCN(nn.Module):
    def __init__(self, num_nodes_feat: int = 8, hidden: int = 16, num_classes: int = 4, num_relations: int = 3):
        super().__init__()
        self.conv1 = RGCNConv(num_nodes_feat, hidden, num_relations)
        self.conv2 = RGCNConv(hidden, num_classes, num_relations)

    def forward(self, x, edge_index, edge_type):
        x = F.relu(self.conv1(x, edge_index, edge_type))
        x = F.dropout(x, p=0.2, training=self.training)
        return self.conv2(x, edge_index, edge_type).log_softmax(-1)


Model = RGCN


def inputs():
    torch.manual_seed(4116)
    e1, t1 = torch.randint(0, 9, (2, 24)), torch.arange(24) % 3
    e2, t2 = torch.randint(0, 6, (2, 15)), torch.randint(0, 2, (15,))
    return [(torch.randn(9, 8), e1, t1), (torch.randn(6, 8), e2, t2)]
