# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GlobalContextHead(nn.Module):
    """Segmentation head: list(feats) gives the level names; the last (coarsest) adds context."""

    def __init__(self, dim: int = 4, classes: int = 3):
        super().__init__()
        self.context = nn.Conv2d(dim, dim, 1)
        self.cls = nn.Conv2d(dim, classes, 1)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        names = list(feats)
        base = feats[names[0]]
        ctx = self.context(feats[names[-1]].mean((2, 3), keepdim=True))
        return self.cls(base + ctx) * len(names)


Model = GlobalContextHead


def inputs():
    torch.manual_seed(2913)
    a = {"p2": torch.randn(1, 4, 8, 8), "p3": torch.randn(1, 4, 4, 4), "p4": torch.randn(1, 4, 2, 2)}
    b = {"p2": torch.randn(2, 4, 6, 6), "p3": torch.randn(2, 4, 3, 3)}
    return [(a,), (b,)]
