# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class FeatureSelector(nn.Module):
    def __init__(self, ch: int = 4, level: int = 1):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(ch, ch, 3, stride=2, padding=1) for _ in range(3)])
        self.level = level

    def _pick(self, feats: List[Tensor], level: int) -> Tensor:
        for i, f in enumerate(feats):
            if i == level:
                return f

    def forward(self, x: Tensor) -> Tensor:
        feats: List[Tensor] = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return self._pick(feats, self.level)


Model = FeatureSelector


def inputs():
    torch.manual_seed(1907)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 12, 10),)]
