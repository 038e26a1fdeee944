# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class PyramidPooling(nn.Module):
    def __init__(self, channels: int = 8, bins=(1, 2, 4)):
        super().__init__()
        self.bins = list(bins)
        self.stages = nn.ModuleList(
            [nn.Sequential(nn.AdaptiveAvgPool2d(b), nn.Conv2d(channels, channels // 4, 1), nn.ReLU()) for b in bins]
        )
        self.project = nn.Conv2d(channels + len(bins) * (channels // 4), channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[-2:]
        pooled: List[torch.Tensor] = []
        for stage in self.stages:
            pooled.append(F.interpolate(stage(x), size=(h, w), mode="bilinear", align_corners=False))
        return self.project(torch.cat([x, *pooled], dim=1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.ppm = PyramidPooling(8)
        self.classifier = nn.Conv2d(8, 5, 1)

    def forward(self, img):
        return self.classifier(self.ppm(self.backbone(img)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 12, 20),)]
