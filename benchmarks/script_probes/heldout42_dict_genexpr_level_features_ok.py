# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List
import torch
import torch.nn as nn
from torch import Tensor


class LevelNamer(nn.Module):
    """Projects each pyramid level and returns them keyed by level name."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.proj = nn.Conv2d(ch, ch, 1)
        self.names = ["p3", "p4", "p5"]

    def forward(self, feats: List[Tensor]) -> Dict[str, Tensor]:
        return dict((name, self.proj(f)) for name, f in zip(self.names, feats))


Model = LevelNamer


def inputs():
    torch.manual_seed(4209)
    return [
        ([torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)],),
        ([torch.randn(2, 4, 6, 6), torch.randn(2, 4, 3, 3), torch.randn(2, 4, 2, 2)],),
    ]
