# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    """Recommender with a hot-id cache: frequent ids use a small dense table, the rest a hashed one."""

    def __init__(self, dim: int = 4, buckets: int = 13):
        super().__init__()
        self.hot: Dict[int, int] = {3: 0, 7: 1, 11: 2}
        self.hot_table = nn.Embedding(3, dim)
        self.cold_table = nn.Embedding(buckets, dim)
        self.buckets = buckets

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        slots = torch.tensor([self.hot.get(int(i), -1) for i in ids])  # breaks: compile,export,trace
        is_hot = slots >= 0
        hot = self.hot_table(slots.clamp(min=0))
        cold = self.cold_table(torch.remainder(ids, self.buckets))
        return torch.where(is_hot.unsqueeze(-1), hot, cold)


def inputs():
    return [(torch.tensor([3, 5, 7, 20]),), (torch.tensor([1, 11, 2, 3]),)]
