# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class LengthBucketPool(nn.Module):
    """Groups sequences into length buckets and pools each non-empty bucket."""

    def __init__(self, dim: int = 4, num_buckets: int = 3):
        super().__init__()
        self.num_buckets = num_buckets
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, lengths: List[int]):
        buckets: List[List[int]] = [[] for _ in range(self.num_buckets)]
        for i, n in enumerate(lengths):
            buckets[min(n // 4, self.num_buckets - 1)].append(i)
        out = []
        for idx in buckets:
            if len(idx) > 0:
                rows = x.index_select(0, torch.tensor(idx))
                out.append(self.proj(rows).mean(0))
        return torch.stack(out)


Model = LengthBucketPool


def inputs():
    torch.manual_seed(2814)
    return [(torch.randn(4, 4), [2, 9, 5, 1]), (torch.randn(3, 4), [12, 13, 3])]
