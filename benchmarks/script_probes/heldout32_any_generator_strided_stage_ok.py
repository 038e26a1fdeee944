# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class StageConfig:
    def __init__(self, strides: List[int]):
        self.strides = strides


class Stage(nn.Module):
    """Adds a pooled shortcut when any block of the stage downsamples."""

    def __init__(self, cfg: StageConfig, ch: int = 4):
        super().__init__()
        self.strides = list(cfg.strides)
        self.convs = nn.ModuleList([nn.Conv1d(ch, ch, 3, stride=s, padding=1) for s in cfg.strides])

    def forward(self, x: Tensor) -> Tensor:
        shortcut = x
        for conv in self.convs:
            x = torch.relu(conv(x))
        if any(s > 1 for s in self.strides):
            shortcut = F.adaptive_avg_pool1d(shortcut, x.size(-1))
        return x + shortcut


def build() -> Stage:
    return Stage(StageConfig([1, 2, 1]))


Model = build


def inputs():
    torch.manual_seed(3215)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 4, 11),)]
