# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parameter import Parameter


class GraphConvolution(nn.Module):
    """Kipf & Welling GCN layer; adjacency may come sparse or dense."""

    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.weight = Parameter(torch.empty(in_features, out_features))
        self.bias = Parameter(torch.empty(out_features)) if bias else None
        stdv = 1.0 / math.sqrt(self.weight.size(1))
        self.weight.data.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.data.uniform_(-stdv, stdv)

    def forward(self, x, adj):
        support = torch.mm(x, self.weight)
        if adj.is_sparse:
            output = torch.sparse.mm(adj, support)
        else:
            output = torch.mm(adj, support)
        return output + self.bias if self.bias is not None else output


class GCN(nn.Module):
    def __init__(self, nfeat=6, nhid=8, nclass=3):
        super().__init__()
        self.gc1 = GraphConvolution(nfeat, nhid)
        self.gc2 = GraphConvolution(nhid, nclass)

    def forward(self, x, adj):
        x = F.relu(self.gc1(x, adj))
        x = F.dropout(x, 0.5, training=self.training)
        return F.log_softmax(self.gc2(x, adj), dim=1)


Model = GCN


def _adj(n):
    a = (torch.rand(n, n) > 0.6).float()
    a = ((a + a.t()) > 0).float() + torch.eye(n)
    return a / a.sum(1, keepdim=True)


def inputs():
    torch.manual_seed(10)
    return [(torch.randn(5, 6), _adj(5)), (torch.randn(7, 6), _adj(7))]
