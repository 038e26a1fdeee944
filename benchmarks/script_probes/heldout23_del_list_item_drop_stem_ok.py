# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class FeaturePyramidTaps(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(dim, dim, 3, stride=2, padding=1) for _ in range(3)])

    def forward(self, x) -> List[Tensor]:
        feats: List[Tensor] = [x]
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        del feats[0]  # the raw input is not a pyramid level
        return feats


Model = FeaturePyramidTaps


def inputs():
    torch.manual_seed(2323)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 16, 12),)]
