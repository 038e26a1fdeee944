# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PyramidNeck(nn.Module):
    """Neck that drops the high-resolution stem features before fusing the rest."""

    def __init__(self, channels: int = 4, num_stem: int = 2):
        super().__init__()
        self.num_stem = num_stem
        self.lateral = nn.Conv2d(channels, channels, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        feats = list(feats)
        del feats[: self.num_stem]
        out = self.lateral(feats[0]).mean((2, 3))
        for f in feats[1:]:
            out = out + self.lateral(f).mean((2, 3))
        return out


Model = PyramidNeck


def inputs():
    torch.manual_seed(4110)
    a = [
        torch.randn(1, 4, 16, 16),
        torch.randn(1, 4, 8, 8),
        torch.randn(1, 4, 4, 4),
        torch.randn(1, 4, 2, 2),
    ]
    b = [torch.randn(2, 4, 8, 8), torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3)]
    return [(a,), (b,)]
