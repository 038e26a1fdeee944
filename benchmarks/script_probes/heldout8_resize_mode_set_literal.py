# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


class Resize(nn.Module):
    def __init__(self, scale: float = 2.0, mode: str = "bilinear"):
        super().__init__()
        self.scale = scale
        self.mode = mode

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        align: Optional[bool] = None
        if self.mode in {"linear", "bilinear", "bicubic", "trilinear"}:
            align = False
        return F.interpolate(x, scale_factor=self.scale, mode=self.mode, align_corners=align)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.up = Resize(2.0, "bilinear")
        self.out = nn.Conv2d(8, 3, 1)

    def forward(self, x):
        return self.out(self.up(torch.relu(self.stem(x))))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 5, 7),)]
