# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ExtraLevel(nn.Module):
    """FPN tail: copies the level dict and adds a pooled extra level without touching the input."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.smooth = nn.Conv2d(channels, channels, 1)

    def forward(self, feats: Dict[str, Tensor]) -> Dict[str, Tensor]:
        out = dict(feats)
        out["pool"] = F.max_pool2d(self.smooth(feats["p5"]), 1, 2)
        return out


Model = ExtraLevel


def inputs():
    torch.manual_seed(2815)
    a = {"p4": torch.randn(1, 4, 8, 8), "p5": torch.randn(1, 4, 4, 4)}
    b = {"p4": torch.randn(2, 4, 6, 6), "p5": torch.randn(2, 4, 3, 3)}
    return [(a,), (b,)]
