# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Sequence

import torch
from torch import nn


def center_crop(x: torch.Tensor, size: Sequence[int]) -> torch.Tensor:
    h, w = x.shape[-2], x.shape[-1]
    top = (h - size[0]) // 2
    left = (w - size[1]) // 2
    return x[..., top : top + size[0], left : left + size[1]]


class CropHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return center_crop(self.conv(x), [2, 2])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = CropHead()

    def forward(self, x):
        return self.head(x)


def inputs():
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 5, 6),)]
