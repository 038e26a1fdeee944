# ruff: noqa  (a probe is written as users write models)
import itertools
from typing import List

import torch
import torch.nn as nn


class PairwiseInteraction(nn.Module):
    """FM / DLRM style second-order interaction: dot product of every pair of field embeddings."""

    def forward(self, fields: List[torch.Tensor]) -> torch.Tensor:
        crosses = []
        for i, j in itertools.combinations(range(len(fields)), 2):  # breaks: script
            crosses.append((fields[i] * fields[j]).sum(-1, keepdim=True))
        return torch.cat(crosses, dim=-1)


class Model(nn.Module):
    """Click-through-rate model over four categorical fields."""

    def __init__(self, vocab=(11, 7, 5, 9), dim: int = 8):
        super().__init__()
        self.tables = nn.ModuleList([nn.Embedding(v, dim) for v in vocab])
        self.interact = PairwiseInteraction()
        n_pairs = len(vocab) * (len(vocab) - 1) // 2
        self.top = nn.Sequential(nn.Linear(n_pairs + dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        fields: List[torch.Tensor] = []
        for k, table in enumerate(self.tables):
            fields.append(table(ids[:, k]))
        dense = torch.stack(fields, 0).sum(0)
        return self.top(torch.cat([self.interact(fields), dense], dim=-1)).sigmoid()


def inputs():
    torch.manual_seed(6805)
    hi = torch.tensor([11, 7, 5, 9])
    return [((torch.rand(4, 4) * hi).long(),), ((torch.rand(6, 4) * hi).long(),)]
