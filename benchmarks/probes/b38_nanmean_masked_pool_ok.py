# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NanMeanPool(nn.Module):
    """Mean over valid tokens: padded positions are set to NaN and skipped by nanmean."""

    def __init__(self, dim=6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    @property
    def pad_value(self):
        return float("nan")

    def forward(self, x, mask):
        h = self.proj(x)
        h = h.masked_fill(~mask.unsqueeze(-1), self.pad_value)
        return h.nanmean(dim=1)


Model = NanMeanPool


def inputs():
    torch.manual_seed(3822)
    m1 = torch.tensor([[True, True, False, False], [True, True, True, True]])
    m2 = torch.tensor([[True, False, False, False, False], [True, True, True, False, False], [True] * 5])
    return [(torch.randn(2, 4, 6), m1), (torch.randn(3, 5, 6), m2)]
