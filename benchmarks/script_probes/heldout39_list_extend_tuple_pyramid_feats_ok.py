# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ExtraLevels(nn.Module):
    """FPN that appends two pooled extra levels to the backbone's outputs."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.lateral = nn.Conv2d(ch, ch, 1)

    def forward(self, x: Tensor) -> List[Tensor]:
        p3 = self.lateral(x)
        feats = [p3]
        p4 = F.max_pool2d(p3, 2)
        p5 = F.max_pool2d(p4, 2)
        feats.extend((p4, p5))
        return feats


Model = ExtraLevels


def inputs():
    torch.manual_seed(3907)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 12, 16),)]
