# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class FeaturePyramid(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.downs = nn.ModuleList([nn.Conv2d(ch, ch, 3, stride=2, padding=1) for _ in range(3)])

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        feats = torch.jit.annotate(Dict[str, Tensor], {})
        for i, down in enumerate(self.downs):
            x = down(x)
            feats["p" + str(i + 3)] = x
        return feats


Model = FeaturePyramid


def inputs():
    torch.manual_seed(2013)
    return [(torch.randn(1, 4, 16, 16),), (torch.randn(2, 4, 8, 12),)]
