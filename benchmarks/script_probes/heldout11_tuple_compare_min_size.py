# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResizeGuard(nn.Module):
    def __init__(self, min_size: Tuple[int, int] = (6, 6)):
        super().__init__()
        self.min_size = min_size
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        h, w = img.shape[-2], img.shape[-1]
        if (h, w) < self.min_size:
            img = F.interpolate(img, size=self.min_size, mode="bilinear", align_corners=False)
        return self.conv(img)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.guard = ResizeGuard()

    def forward(self, img):
        return self.guard(img).mean((2, 3))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 4, 5),), (torch.randn(2, 3, 8, 8),)]
