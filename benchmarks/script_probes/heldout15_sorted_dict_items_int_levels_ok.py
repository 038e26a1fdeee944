# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fuse = nn.Linear(8, 8)

    def forward(self, x):
        by_level: Dict[int, torch.Tensor] = {}
        for lvl in (3, 1, 2):
            by_level[lvl] = x * lvl
        acc = torch.zeros_like(x)
        for lvl, feat in sorted(by_level.items()):
            acc = self.fuse(acc) + feat
        return acc


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
