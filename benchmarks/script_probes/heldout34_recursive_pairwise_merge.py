# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PairwiseFusion(nn.Module):
    """Fuses a list of feature maps by recursively merging halves (a balanced tree of adds)."""

    def __init__(self, channels: int = 4, levels: int = 4):
        super().__init__()
        self.proj = nn.ModuleList([nn.Conv2d(channels, channels, 1) for _ in range(levels)])

    def _merge(self, feats: List[Tensor]) -> Tensor:
        if len(feats) == 1:
            return feats[0]
        mid = len(feats) // 2
        return 0.5 * (self._merge(feats[:mid]) + self._merge(feats[mid:]))

    def forward(self, x: Tensor) -> Tensor:
        feats = [conv(x) for conv in self.proj]
        return self._merge(feats)


Model = PairwiseFusion


def inputs():
    torch.manual_seed(3401)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(1, 4, 3, 5),)]
