# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Fusion(nn.Module):
    """Multi-scale fusion: every level is resized to the largest level's size and summed."""

    def __init__(self, chans: List[int], out: int):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out, 1) for c in chans])

    def forward(self, feats: List[torch.Tensor]) -> torch.Tensor:
        height = max(f.shape[-2] for f in feats)
        width = max(f.shape[-1] for f in feats)
        fused = torch.zeros(1)
        for i, lat in enumerate(self.lateral):
            fused = fused + F.interpolate(lat(feats[i]), size=(height, width), mode="nearest")
        return fused


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, padding=1)
        self.down1 = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.down2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.fuse = Fusion([4, 8, 16], 6)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c1 = self.stem(x)
        c2 = self.down1(c1)
        c3 = self.down2(c2)
        return self.fuse([c1, c2, c3])


def inputs():
    torch.manual_seed(6921)
    return [(torch.randn(1, 3, 16, 12),), (torch.randn(2, 3, 20, 24),)]
