# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class SplitMixin:
    """Shared helper of the multi-branch heads: total width of the branches."""

    def total_width(self, widths: List[int]) -> int:
        return sum(widths)


class SplitHeads(SplitMixin, nn.Module):
    """Multi-branch projection whose split sizes are checked against the mixin's sum()."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.widths = [2, 2, 4]
        self.proj = nn.Linear(dim, 8)

    def forward(self, x: Tensor) -> Tensor:
        h = self.proj(x)
        assert h.shape[-1] == self.total_width(self.widths)
        parts = h.split(self.widths, dim=-1)
        return torch.cat([p.softmax(-1) for p in parts], dim=-1)


Model = SplitHeads


def inputs():
    torch.manual_seed(3435)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
