# ruff: noqa  (a probe is written as users write models)
from enum import Enum

import torch
import torch.nn as nn
import torch.nn.functional as F


class PoolType(str, Enum):
    AVG = "avg"
    MAX = "max"


class GlobalPool(nn.Module):
    def __init__(self, pool_type: PoolType = PoolType.MAX):
        super().__init__()
        self.pool_type = pool_type

    def forward(self, x):
        if self.pool_type == PoolType.AVG:
            return F.adaptive_avg_pool2d(x, 1).flatten(1)
        return F.adaptive_max_pool2d(x, 1).flatten(1)


Model = GlobalPool


def inputs():
    torch.manual_seed(190)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 5, 2),)]
