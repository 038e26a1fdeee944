# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class LevelAssigner(nn.Module):
    """FPN head that keys the pyramid by level number (P2, P3, ...) via dict(enumerate(...))."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.head = nn.Conv2d(ch, 2, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        levels: Dict[int, Tensor] = dict(enumerate(feats, start=2))
        out = [self.head(levels[k]).flatten(2) for k in range(2, 2 + len(feats))]
        return torch.cat(out, dim=-1)


Model = LevelAssigner


def inputs():
    torch.manual_seed(3028)
    a = [torch.randn(2, 4, 8, 8), torch.randn(2, 4, 4, 4), torch.randn(2, 4, 2, 2)]
    b = [torch.randn(1, 4, 6, 10), torch.randn(1, 4, 3, 5)]
    return [(a,), (b,)]
