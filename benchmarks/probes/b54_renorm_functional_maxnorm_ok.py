# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaxNormEmbeddingTower(nn.Module):
    """Recsys: item embedding rows capped at a max L2 norm with torch.renorm (out of place) before lookup."""

    def __init__(self, n_items: int = 20, d: int = 6):
        super().__init__()
        self.table = nn.Parameter(torch.randn(n_items, d))
        self.max_norm = 1.0

    def forward(self, ids):
        w = torch.renorm(self.table, p=2, dim=0, maxnorm=self.max_norm)
        return F.embedding(ids, w).mean(-2)


Model = MaxNormEmbeddingTower


def inputs():
    torch.manual_seed(5429)
    return [(torch.randint(0, 20, (3, 4)),), (torch.randint(0, 20, (2, 7)),)]
