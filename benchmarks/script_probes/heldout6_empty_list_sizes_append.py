# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class FeaturePyramid(nn.Module):
    def __init__(self, channels: int = 4, levels: int = 3):
        super().__init__()
        self.downs = nn.ModuleList(
            [nn.Conv2d(channels, channels, 3, stride=2, padding=1) for _ in range(levels)]
        )

    def forward(self, x: torch.Tensor) -> List[torch.Tensor]:
        feats = []
        sizes = []
        for down in self.downs:
            x = down(x)
            feats.append(x)
            sizes.append(x.shape[-1])
        target = sizes[0]
        return [F.interpolate(f, size=(target, target), mode="nearest") for f in feats]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fpn = FeaturePyramid()

    def forward(self, x):
        return torch.cat(self.fpn(x), dim=1)


def inputs():
    return [(torch.randn(1, 4, 16, 16),), (torch.randn(2, 4, 8, 8),)]
