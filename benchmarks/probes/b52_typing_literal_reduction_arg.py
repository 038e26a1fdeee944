# ruff: noqa  (a probe is written as users write models)
from typing import Literal

import torch
import torch.nn as nn
from torch import Tensor


class HistoryPool(nn.Module):
    """Recsys user tower: pools clicked-item embeddings; the reduction is a Literal-typed argument."""

    def __init__(self, num_items: int = 50, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(num_items, dim)
        self.out = nn.Linear(dim, 4)

    def forward(self, items: Tensor, reduction: Literal["mean", "sum", "max"] = "mean") -> Tensor:
        e = self.emb(items)
        if reduction == "mean":
            pooled = e.mean(1)
        elif reduction == "sum":
            pooled = e.sum(1)
        else:
            pooled = e.amax(1)
        return self.out(pooled)


Model = HistoryPool


def inputs():
    torch.manual_seed(5201)
    return [(torch.randint(0, 50, (2, 5)),), (torch.randint(0, 50, (3, 7)),)]
