# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class GaussianHeads(nn.Module):
    def __init__(self, dim: int = 6, n_heads: int = 3):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, 4) for _ in range(n_heads)])

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        stats: List[Tuple[Tensor, Tensor]] = []
        for head in self.heads:
            y = head(x)
            stats.append((y.mean(-1), y.std(-1)))
        means = torch.stack([s[0] for s in stats], dim=-1)
        stds = torch.stack([s[1] for s in stats], dim=-1)
        return means, stds


Model = GaussianHeads


def inputs():
    torch.manual_seed(1914)
    return [(torch.randn(2, 6),), (torch.randn(3, 5, 6),)]
