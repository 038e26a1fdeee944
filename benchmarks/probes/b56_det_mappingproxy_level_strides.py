# ruff: noqa  (a probe is written as users write models)
from types import MappingProxyType
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F

# read-only registry shared by every head instance
LEVEL_STRIDES = MappingProxyType({"p3": 8, "p4": 16, "p5": 32})


def level_scale(name: str, strides=LEVEL_STRIDES) -> float:
    return float(strides[name]) / strides["p3"]


class ScaledRegressionHead(nn.Module):
    """FCOS-like box regression: per-level learnable scale times the stride ratio."""

    def __init__(self, channels: int = 8, levels=("p3", "p4", "p5")):
        super().__init__()
        self.levels = tuple(levels)
        self.tower = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1), nn.GroupNorm(2, channels), nn.ReLU())
        self.reg = nn.Conv2d(channels, 4, 3, padding=1)
        self.scales = nn.Parameter(torch.ones(len(self.levels)))

    def forward(self, feats: List[torch.Tensor]):
        out = []
        for i, name in enumerate(self.levels):
            r = self.reg(self.tower(feats[i])) * self.scales[i] * level_scale(name)
            out.append(F.relu(r).flatten(2))
        return torch.cat(out, dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.down = nn.ModuleList([nn.Conv2d(8, 8, 3, stride=2, padding=1) for _ in range(2)])
        self.head = ScaledRegressionHead()

    def forward(self, img):
        f = self.stem(img)
        feats = [f]
        for conv in self.down:
            f = conv(f)
            feats.append(f)
        return self.head(feats)


def inputs():
    torch.manual_seed(5613)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 48, 40),)]
