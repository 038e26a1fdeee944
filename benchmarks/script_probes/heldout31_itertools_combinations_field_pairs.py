# ruff: noqa  (a probe is written as users write models)
from itertools import combinations

import torch
import torch.nn as nn
from torch import Tensor


class PairwiseInteraction(nn.Module):
    """Factorisation-machine style recsys layer: dot products of every pair of field embeddings."""

    def __init__(self, num_fields: int = 4, vocab: int = 20, dim: int = 6):
        super().__init__()
        self.fields = list(range(num_fields))
        self.embed = nn.Embedding(vocab, dim)
        self.out = nn.Linear(num_fields * (num_fields - 1) // 2, 1)

    def forward(self, ids: Tensor) -> Tensor:
        e = self.embed(ids)
        inter = [(e[:, i] * e[:, j]).sum(-1) for i, j in combinations(self.fields, 2)]
        return self.out(torch.stack(inter, dim=1)).squeeze(-1)


Model = PairwiseInteraction


def inputs():
    torch.manual_seed(3102)
    return [(torch.randint(0, 20, (3, 4)),), (torch.randint(0, 20, (6, 4)),)]
