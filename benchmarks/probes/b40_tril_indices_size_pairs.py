# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PairwiseInteraction(nn.Module):
    """DLRM/FM-style interaction: the strict lower triangle of the field-by-field dot products."""

    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, fields):  # (B, F, D)
        z = self.proj(fields)
        dots = z @ z.transpose(1, 2)
        n = fields.size(1)
        li, lj = torch.tril_indices(n, n, offset=-1)
        return dots[:, li, lj]


Model = PairwiseInteraction


def inputs():
    torch.manual_seed(4026)
    return [(torch.randn(2, 5, 4),), (torch.randn(2, 5, 4),), (torch.randn(2, 7, 4),)]
