# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional, Tuple

import torch
import torch.nn.functional as F
from torch import nn


class Upsampler(nn.Module):
    def __init__(self, channels: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x: torch.Tensor, size: Optional[Tuple[int, int]] = None) -> torch.Tensor:
        if size is None:
            size = x.shape[-2:]
        h, w = size
        return self.conv(F.interpolate(x, size=(h * 2, w * 2), mode="nearest"))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upsampler()

    def forward(self, x):
        return self.up(x)


def inputs():
    return [(torch.randn(1, 3, 3, 3),), (torch.randn(2, 3, 2, 4),)]
