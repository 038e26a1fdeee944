# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class PairwiseInteraction(nn.Module):
    """FM-style pairwise feature interactions, flattened to a fixed-size vector."""

    def __init__(self, dim=4):
        super().__init__()
        self.out = nn.Linear(1, 1)

    def forward(self, fields):
        # fields: (batch, num_fields, dim)
        num_fields = fields.size(1)
        num_pairs = math.comb(num_fields, 2)
        rows, cols = torch.triu_indices(num_fields, num_fields, offset=1)
        inter = (fields[:, rows] * fields[:, cols]).sum(-1)
        return self.out(inter.reshape(-1, num_pairs, 1)).squeeze(-1)


Model = PairwiseInteraction


def inputs():
    torch.manual_seed(3630)
    return [(torch.randn(2, 4, 4),), (torch.randn(2, 4, 4),), (torch.randn(2, 6, 4),)]
