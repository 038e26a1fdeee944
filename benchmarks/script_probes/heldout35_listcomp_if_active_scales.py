# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MultiScalePool(nn.Module):
    """Pyramid pooling that skips the identity scale with a filtered list comprehension."""

    def __init__(self, channels: int = 4, scales: List[int] = (1, 2, 4)):
        super().__init__()
        self.scales = list(scales)
        self.proj = nn.Conv2d(channels, channels, 1)

    def active_scales(self) -> List[int]:
        return [s for s in self.scales if s > 1]

    def forward(self, x: Tensor) -> Tensor:
        out = self.proj(x)
        for s in self.active_scales():
            pooled = F.avg_pool2d(x, s)
            out = out + F.interpolate(pooled, size=[x.shape[2], x.shape[3]], mode="nearest")
        return out


Model = MultiScalePool


def inputs():
    torch.manual_seed(3507)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 4, 12),)]
