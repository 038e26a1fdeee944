# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional, Sequence

import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self, widths=(4, 8, 16), frozen_stages: Optional[Sequence[int]] = None):
        super().__init__()
        self.frozen_stages = list(frozen_stages or [])
        chans = [3] + list(widths)
        self.stages = nn.ModuleList(
            [nn.Sequential(nn.Conv2d(chans[i], chans[i + 1], 3, stride=2, padding=1), nn.ReLU()) for i in range(len(widths))]
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for idx, stage in enumerate(self.stages):
            x = stage(x)
            if idx in self.frozen_stages:
                x = x.detach()
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.backbone(x).mean((2, 3)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 24, 24),)]
