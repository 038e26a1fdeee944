# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from __future__ import annotations

from typing import Dict, List, Optional

import torch
from torch import nn

FeatureMap = Dict[str, torch.Tensor]


class FeatureFusion(nn.Module):
    def __init__(self, names: List[str], channels: int = 4):
        super().__init__()
        self.names = names
        self.proj = nn.ModuleDict({n: nn.Conv2d(channels, channels, 1) for n in names})

    def forward(self, feats: FeatureMap, weights: Optional[torch.Tensor] = None) -> FeatureMap:
        out: FeatureMap = {}
        for name, conv in self.proj.items():
            y = conv(feats[name])
            if weights is not None:
                y = y * weights.view(-1, 1, 1, 1)
            out[name] = y
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fuse = FeatureFusion(["p3", "p4"])

    def forward(self, p3: torch.Tensor, p4: torch.Tensor) -> FeatureMap:
        return self.fuse({"p3": p3, "p4": p4})


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4)),
        (torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3)),
    ]
