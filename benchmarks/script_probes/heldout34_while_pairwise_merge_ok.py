# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PairwiseFusion(nn.Module):
    """Fuses a list of feature maps pairwise in a while loop until one map is left."""

    def __init__(self, channels: int = 4, levels: int = 5):
        super().__init__()
        self.proj = nn.ModuleList([nn.Conv2d(channels, channels, 1) for _ in range(levels)])

    def _merge(self, feats: List[Tensor]) -> Tensor:
        while len(feats) > 1:
            merged: List[Tensor] = []
            i = 0
            while i < len(feats):
                if i + 1 == len(feats):
                    merged.append(feats[i])
                    break
                merged.append(0.5 * (feats[i] + feats[i + 1]))
                i += 2
            feats = merged
        return feats[0]

    def forward(self, x: Tensor) -> Tensor:
        return self._merge([conv(x) for conv in self.proj])


Model = PairwiseFusion


def inputs():
    torch.manual_seed(3431)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(1, 4, 3, 5),)]
