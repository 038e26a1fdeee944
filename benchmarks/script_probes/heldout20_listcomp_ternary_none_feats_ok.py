# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class SkipSelector(nn.Module):
    """Keeps encoder features only at the levels the decoder has skip connections for."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(dim, dim) for _ in range(4)])
        self.skip_levels = [0, 2]

    def forward(self, x: Tensor) -> List[Optional[Tensor]]:
        feats = []
        for stage in self.stages:
            x = stage(x).tanh()
            feats.append(x)
        return [f if i in self.skip_levels else None for i, f in enumerate(feats)]


Model = SkipSelector


def inputs():
    torch.manual_seed(2002)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
