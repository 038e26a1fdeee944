# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class FeatureFuser(nn.Module):
    """Fuses backbone taps keyed by dotted module paths; the last path part picks the weight."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.proj = nn.Conv2d(channels, channels, 1)
        self.weights: Dict[str, float] = {"layer2": 0.5, "layer3": 1.0}

    def forward(self, taps: Dict[str, Tensor]):
        out = torch.zeros(1)
        for path, f in taps.items():
            leaf = path.rsplit(".", 1)[-1]
            out = out + self.proj(f).mean((2, 3)) * self.weights[leaf]
        return out


Model = FeatureFuser


def inputs():
    torch.manual_seed(2721)
    a = {"backbone.body.layer2": torch.randn(1, 4, 8, 8), "backbone.body.layer3": torch.randn(1, 4, 4, 4)}
    b = {"encoder.layer3": torch.randn(2, 4, 5, 5)}
    return [(a,), (b,)]
