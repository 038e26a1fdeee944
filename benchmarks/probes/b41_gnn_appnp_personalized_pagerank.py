# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
import torch.nn.functional as F


def gcn_norm_dense(edge_index: Tensor, num_nodes: int, add_self_loops: bool = True) -> Tensor:
    """Symmetrically normalised dense adjacency D^-1/2 (A + I) D^-1/2."""
    adj = edge_index.new_zeros((num_nodes, num_nodes), dtype=torch.float)
    adj = adj.index_put((edge_index[1], edge_index[0]), torch.ones(edge_index.size(1)), accumulate=True)
    if add_self_loops:
        adj = adj + torch.eye(num_nodes)
    deg = adj.sum(dim=1)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt = deg_inv_sqrt.masked_fill(torch.isinf(deg_inv_sqrt), 0.0)
    return deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]


class APPNPProp(nn.Module):
    def __init__(self, K: int = 10, alpha: float = 0.1, dropout: float = 0.0):
        super().__init__()
        self.K = K
        self.alpha = alpha
        self.dropout = dropout

    def forward(self, x: Tensor, adj: Tensor) -> Tensor:
        h = x
        for _ in range(self.K):
            a = F.dropout(adj, p=self.dropout, training=self.training)
            x = (1 - self.alpha) * (a @ x) + self.alpha * h
        return x

    def extra_repr(self) -> str:
        return f"K={self.K}, alpha={self.alpha}"


class APPNPNet(nn.Module):
    """Predict then propagate: an MLP followed by personalised-PageRank smoothing."""

    def __init__(self, in_channels: int = 12, hidden: int = 32, out_channels: int = 5, K: int = 8):
        super().__init__()
        self.lin1 = nn.Linear(in_channels, hidden)
        self.lin2 = nn.Linear(hidden, out_channels)
        self.prop = APPNPProp(K=K, alpha=0.15)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        x = F.dropout(x, p=0.5, training=self.training)
        x = F.relu(self.lin1(x))
        x = self.lin2(F.dropout(x, p=0.5, training=self.training))
        adj = gcn_norm_dense(edge_index, x.size(0))
        x = self.prop(x, adj)
        return F.log_softmax(x, dim=-1)


Model = APPNPNet


def inputs():
    torch.manual_seed(4103)
    e1 = torch.randint(0, 7, (2, 18))
    e2 = torch.randint(0, 11, (2, 30))
    return [(torch.randn(7, 12), e1), (torch.randn(11, 12), e2)]
