# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class SequencePooler(nn.Module):
    """Mean-pools each padded sequence over its true length; lengths arrive as a tensor and are
    turned into Python numbers to slice with."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        x = self.proj(x)
        lens = lengths.tolist()
        pooled: List[Tensor] = []
        for i, n in enumerate(lens):
            pooled.append(x[i, :n].mean(0))
        return torch.stack(pooled)


Model = SequencePooler


def inputs():
    torch.manual_seed(3302)
    return [
        (torch.randn(3, 5, 6), torch.tensor([5, 2, 3])),
        (torch.randn(2, 4, 6), torch.tensor([1, 4])),
    ]
