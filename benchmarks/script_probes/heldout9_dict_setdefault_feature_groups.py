# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import Dict, List


class GroupedPool(nn.Module):
    def __init__(self):
        super().__init__()
        self.groups = ["low", "high", "low", "mid", "high"]
        self.proj = nn.Linear(5, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        buckets: Dict[str, List[torch.Tensor]] = {}
        for i, g in enumerate(self.groups):
            buckets.setdefault(g, []).append(x[:, i])
        pooled = [torch.stack(v, -1).mean(-1) for k, v in sorted(buckets.items())]
        return self.proj(x) + torch.stack(pooled, -1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = GroupedPool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
