# ruff: noqa  (a probe is written as users write models)
from operator import attrgetter

import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.stem = nn.Linear(d, d)
        self.block = nn.Sequential(nn.Linear(d, d), nn.GELU())


class FeatureTap(nn.Module):
    """Transfer learning: the feature layer is named by a dotted path and fetched with operator.attrgetter."""

    def __init__(self, d: int = 8, tap: str = "backbone.block"):
        super().__init__()
        self.backbone = Backbone(d)
        self.tap = tap
        self.head = nn.Linear(d, 3)

    def forward(self, x):
        h = self.backbone.stem(x)
        layer = attrgetter(self.tap)(self)
        return self.head(layer(h))


Model = FeatureTap


def inputs():
    torch.manual_seed(5416)
    return [(torch.randn(3, 8),), (torch.randn(2, 4, 8),)]
