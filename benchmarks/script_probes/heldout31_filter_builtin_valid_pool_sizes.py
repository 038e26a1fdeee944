# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def _fits(size: int) -> bool:
    return size >= 2


class MultiScalePool(nn.Module):
    """Pools at several output grids, skipping grids too small for the input."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.grids = [1, 2, 4, 8]
        self.proj = nn.Conv2d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        grids: List[int] = list(filter(_fits, [min(g, x.shape[-1]) for g in self.grids]))
        pooled = [F.adaptive_avg_pool2d(x, g).flatten(2).mean(-1) for g in grids]
        return self.proj(x).mean((2, 3)) + torch.stack(pooled, 0).sum(0)


Model = MultiScalePool


def inputs():
    torch.manual_seed(3103)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 3, 5),)]
