# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SqrtLenSumPool(nn.Module):
    """Sum-pool over tokens scaled by 1/sqrt(seq_len) (a common 'sqrtn' combiner)."""

    def __init__(self, d=6, n_out=3):
        super().__init__()
        self.tok = nn.Linear(d, d)
        self.head = nn.Linear(d, n_out)

    def forward(self, x):
        pooled = self.tok(x).sum(dim=1) / math.sqrt(x.size(1))
        return self.head(pooled)


Model = SqrtLenSumPool


def inputs():
    torch.manual_seed(4221)
    return [(torch.randn(2, 4, 6),), (torch.randn(2, 9, 6),), (torch.randn(3, 16, 6),)]
