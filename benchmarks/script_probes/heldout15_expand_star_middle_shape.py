# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n_queries=5):
        super().__init__()
        self.n_queries = n_queries
        self.query = nn.Parameter(torch.randn(1, 1, 1, 8))
        self.out = nn.Linear(8, 8)

    def forward(self, feats):
        q = self.query.expand(*feats.shape[:2], self.n_queries, -1)
        return self.out(q + feats.mean(2, keepdim=True))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 7, 8),), (torch.randn(1, 4, 5, 8),)]
