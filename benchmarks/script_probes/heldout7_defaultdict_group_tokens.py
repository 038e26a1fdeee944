# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from collections import defaultdict
from typing import List

import torch
from torch import nn


class GroupedPool(nn.Module):
    def __init__(self, groups: List[int] = [0, 0, 1, 1, 1]):
        super().__init__()
        self.groups = groups
        self.proj = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        buckets = defaultdict(list)
        for i, g in enumerate(self.groups):
            buckets[g].append(x[:, i])
        pooled = [torch.stack(v, 1).mean(1) for v in buckets.values()]
        return self.proj(torch.stack(pooled, 1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = GroupedPool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    return [(torch.randn(2, 5, 3),), (torch.randn(1, 5, 3),)]
