# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class CoarseToFineFuse(nn.Module):
    """Feature-pyramid fusion that orders incoming maps by spatial width before top-down merging."""

    def __init__(self, channels=4):
        super().__init__()
        self.smooth = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, a, b, c):
        feats: List[torch.Tensor] = sorted([a, b, c], key=lambda t: t.shape[-1])
        out = feats[0]
        for f in feats[1:]:
            out = f + F.interpolate(out, size=f.shape[-2:], mode="nearest")
        return self.smooth(out)


Model = CoarseToFineFuse


def inputs():
    torch.manual_seed(4015)
    return [
        (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 2, 2), torch.randn(1, 4, 4, 4)),
        (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 2, 2), torch.randn(1, 4, 4, 4)),
        (torch.randn(1, 4, 3, 3), torch.randn(1, 4, 12, 12), torch.randn(1, 4, 6, 6)),
    ]
