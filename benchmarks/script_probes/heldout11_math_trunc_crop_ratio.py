# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
from torch import nn


class CenterCropRatio(nn.Module):
    def __init__(self, ratio: float = 0.75):
        super().__init__()
        self.ratio = ratio

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[-2:]
        ch = math.trunc(h * self.ratio)
        cw = math.trunc(w * self.ratio)
        top = (h - ch) // 2
        left = (w - cw) // 2
        return x[..., top : top + ch, left : left + cw]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.crop = CenterCropRatio()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        return self.conv(self.crop(x)).mean((2, 3))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 10, 7),)]
