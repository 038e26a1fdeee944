# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 1e-15


class DenseSAGEConv(nn.Module):
    def __init__(self, in_channels, out_channels, normalize=True):
        super().__init__()
        self.normalize = normalize
        self.lin_rel = nn.Linear(in_channels, out_channels, bias=False)
        self.lin_root = nn.Linear(in_channels, out_channels)

    def forward(self, x, adj, mask=None):
        out = torch.matmul(adj, x) / adj.sum(dim=-1, keepdim=True).clamp(min=1)
        out = self.lin_rel(out) + self.lin_root(x)
        if self.normalize:
            out = F.normalize(out, p=2.0, dim=-1)
        if mask is not None:
            out = out * mask.unsqueeze(-1).to(x.dtype)
        return out


def dense_diff_pool(x, adj, s, mask=None):
    s = torch.softmax(s, dim=-1)
    if mask is not None:
        m = mask.unsqueeze(-1).to(x.dtype)
        x, s = x * m, s * m
    out = torch.matmul(s.transpose(1, 2), x)
    out_adj = torch.matmul(torch.matmul(s.transpose(1, 2), adj), s)
    link_loss = torch.norm(adj - torch.matmul(s, s.transpose(1, 2)), p=2) / adj.numel()
    ent_loss = (-s * torch.log(s + EPS)).sum(dim=-1).mean()
    return out, out_adj, link_loss, ent_loss


class DiffPoolNet(nn.Module):
    """Two-level hierarchical graph classifier with learned soft cluster assignments."""

    def __init__(self, in_dim=6, hidden=16, clusters=(5, 2), num_classes=3):
        super().__init__()
        self.gnn1_pool = DenseSAGEConv(in_dim, clusters[0])
        self.gnn1_embed = DenseSAGEConv(in_dim, hidden)
        self.gnn2_pool = DenseSAGEConv(hidden, clusters[1])
        self.gnn2_embed = DenseSAGEConv(hidden, hidden)
        self.gnn3_embed = DenseSAGEConv(hidden, hidden)
        self.lin1 = nn.Linear(hidden, hidden)
        self.lin2 = nn.Linear(hidden, num_classes)

    def forward(self, x, adj, mask):
        s = self.gnn1_pool(x, adj, mask)
        x = F.relu(self.gnn1_embed(x, adj, mask))
        x, adj, l1, e1 = dense_diff_pool(x, adj, s, mask)
        s = self.gnn2_pool(x, adj)
        x = F.relu(self.gnn2_embed(x, adj))
        x, adj, l2, e2 = dense_diff_pool(x, adj, s)
        x = self.gnn3_embed(x, adj).mean(dim=1)
        x = self.lin2(F.relu(self.lin1(x)))
        return F.log_softmax(x, dim=-1), l1 + l2, e1 + e2


Model = DiffPoolNet


def _dense_batch(b, n, valid):
    x = torch.randn(b, n, 6)
    adj = (torch.rand(b, n, n) > 0.6).float()
    adj = ((adj + adj.transpose(1, 2)) > 0).float()
    mask = torch.arange(n).unsqueeze(0) < torch.tensor(valid).unsqueeze(1)
    adj = adj * mask.unsqueeze(1) * mask.unsqueeze(2)
    return x, adj, mask


def inputs():
    torch.manual_seed(3916)
    return [_dense_batch(2, 7, [7, 5]), _dense_batch(3, 10, [4, 10, 8])]
