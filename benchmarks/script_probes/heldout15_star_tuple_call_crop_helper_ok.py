# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn


def center_crop(x: torch.Tensor, th: int, tw: int) -> torch.Tensor:
    h, w = x.shape[-2:]
    top = (h - th) // 2
    left = (w - tw) // 2
    return x[..., top:top + th, left:left + tw]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)
        self.crop: Tuple[int, int] = (4, 4)

    def forward(self, x):
        return center_crop(self.conv(x), *self.crop)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 9),)]
