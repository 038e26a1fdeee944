# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class SparseFeatureTower(nn.Module):
    """Recsys tower over named id features; checks no expected feature is missing."""

    def __init__(self, vocab: int = 10, dim: int = 4):
        super().__init__()
        self.names = ["user", "item", "ctx"]
        self.tables = nn.ModuleDict({n: nn.Embedding(vocab, dim) for n in self.names})
        self.top = nn.Linear(3 * dim, 1)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        missing = set(self.names) - feats.keys()
        if missing:
            raise KeyError("missing features")
        embs = [table(feats[name]).mean(1) for name, table in self.tables.items()]
        return self.top(torch.cat(embs, dim=-1))


Model = SparseFeatureTower


def inputs():
    torch.manual_seed(3012)
    a = {n: torch.randint(0, 10, (2, 3)) for n in ["user", "item", "ctx"]}
    b = {n: torch.randint(0, 10, (4, 1)) for n in ["user", "item", "ctx"]}
    return [(a,), (b,)]
