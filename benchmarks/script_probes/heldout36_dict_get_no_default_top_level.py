# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class TopDownFusion(nn.Module):
    """Fuses a dict of backbone levels top-down, starting from the coarsest level "c5"."""

    def __init__(self, ch: int = 4, levels=("c3", "c4")):
        super().__init__()
        self.levels = list(levels)
        self.top = nn.Conv2d(ch, ch, 1)
        self.smooth = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        x = self.top(feats.get("c5"))
        for name in self.levels[::-1]:
            skip = feats[name]
            x = skip + F.interpolate(x, size=skip.shape[-2:], mode="nearest")
        return self.smooth(x)


Model = TopDownFusion


def inputs():
    torch.manual_seed(3645)
    batches = []
    for b, s in ((2, 2), (1, 3)):
        feats = {
            "c3": torch.randn(b, 4, 4 * s, 4 * s),
            "c4": torch.randn(b, 4, 2 * s, 2 * s),
            "c5": torch.randn(b, 4, s, s),
        }
        batches.append((feats,))
    return batches
