# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MultiScalePool(nn.Module):
    pool_sizes: List[int]

    def __init__(self, pool_sizes=(1, 2, 4)):
        super().__init__()
        self.pool_sizes = pool_sizes
        self.proj = nn.Conv2d(3, 3, 1)

    def forward(self, x: Tensor) -> Tensor:
        outs: List[Tensor] = []
        for s in self.pool_sizes:
            outs.append(F.adaptive_avg_pool2d(self.proj(x), s).flatten(1))
        return torch.cat(outs, dim=1)


Model = MultiScalePool


def inputs():
    torch.manual_seed(2450)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 5, 7),)]
