# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-field recommender: one embedding table per categorical field, looked up by field name."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.fields: List[str] = ["user", "item", "city"]
        sizes = {"user": 10, "item": 12, "city": 5}
        self.tables = nn.ModuleDict({f: nn.Embedding(sizes[f], dim) for f in self.fields})
        self.score = nn.Linear(3 * dim, 1)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        parts = []
        for col, name in enumerate(self.fields):
            parts.append(self.tables[name](ids[:, col]))  # breaks: script
        return self.score(torch.cat(parts, -1)).squeeze(-1)


def inputs():
    torch.manual_seed(7010)
    return [
        (torch.stack([torch.randint(0, 10, (6,)), torch.randint(0, 12, (6,)), torch.randint(0, 5, (6,))], 1),),
        (torch.stack([torch.randint(0, 10, (4,)), torch.randint(0, 12, (4,)), torch.randint(0, 5, (4,))], 1),),
    ]
