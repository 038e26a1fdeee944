# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class TinyBackbone(nn.Module):
    """Backbone returning its stage features followed by a pooled embedding."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.stages = nn.ModuleList(
            [
                nn.Conv2d(3 if i == 0 else channels, channels, 3, stride=2, padding=1)
                for i in range(3)
            ]
        )

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
        feats = []
        for stage in self.stages:
            x = F.relu(stage(x))
            feats.append(x)
        pooled = x.mean((2, 3))
        return (*feats, pooled)


Model = TinyBackbone


def inputs():
    torch.manual_seed(4114)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 8, 12),)]
