# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
import torch.nn as nn


class FeaturePyramid(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.c1 = nn.Conv2d(ch, ch, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(ch, ch, 3, stride=2, padding=1)

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        feats: Dict[str, torch.Tensor] = {"stem": x}
        feats["p1"] = self.c1(feats["stem"])
        feats["p2"] = self.c2(feats["p1"])
        del feats["stem"]
        return feats


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fpn = FeaturePyramid()

    def forward(self, x):
        return self.fpn(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 6, 10),)]
