from types import SimpleNamespace

import torch
from torch import nn


class TwoTowerScorer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.query = nn.Linear(dim, dim)
        self.item = nn.Linear(dim, dim)

    def forward(self, q, items):
        qe = self.query(q)
        ie = self.item(items)
        scores = qe @ ie.T
        return SimpleNamespace(scores=scores, query_emb=qe, item_emb=ie)


Model = TwoTowerScorer


def inputs():
    torch.manual_seed(3414)
    return [(torch.randn(2, 8), torch.randn(5, 8)), (torch.randn(3, 8), torch.randn(4, 8))]
