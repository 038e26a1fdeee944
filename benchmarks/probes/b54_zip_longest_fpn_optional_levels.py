# ruff: noqa  (a probe is written as users write models)
from itertools import zip_longest

import torch
import torch.nn as nn
import torch.nn.functional as F


class LateralMerge(nn.Module):
    """Detection: merge backbone levels with extra top-down levels; zip_longest pads the shorter list with None."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.lat = nn.ModuleList(nn.Conv2d(c, c, 1) for _ in range(3))
        self.extra = nn.Conv2d(c, c, 3, stride=2, padding=1)

    def forward(self, x):
        feats = [x, F.avg_pool2d(x, 2), F.avg_pool2d(x, 4)]
        extras = [self.extra(x), self.extra(feats[1])]
        outs = []
        for conv, f, e in zip_longest(self.lat, feats, extras):
            y = conv(f)
            if e is not None:
                y = y + F.interpolate(e, size=y.shape[-2:], mode="nearest")
            outs.append(y.flatten(1).mean(1))
        return torch.stack(outs, 1)


Model = LateralMerge


def inputs():
    torch.manual_seed(5407)
    return [(torch.randn(2, 4, 16, 16),), (torch.randn(1, 4, 24, 32),)]
