# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Resize(nn.Module):
    def __init__(self, size: List[int]):
        super().__init__()
        self.size = size

    def forward(self, x):
        return F.interpolate(x, size=tuple(self.size), mode="bilinear", align_corners=False)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 2, 1)
        self.resize = Resize([5, 7])

    def forward(self, x):
        return self.resize(self.proj(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 4, 6),)]
