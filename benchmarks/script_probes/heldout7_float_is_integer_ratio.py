# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class ResizeBlock(nn.Module):
    def __init__(self, scale: float = 2.0):
        super().__init__()
        self.scale = scale
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.scale.is_integer():
            x = F.interpolate(x, scale_factor=self.scale, mode="nearest")
        else:
            x = F.interpolate(x, scale_factor=self.scale, mode="bilinear", align_corners=False)
        return self.conv(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ResizeBlock(2.0)
        self.b = ResizeBlock(1.5)

    def forward(self, x):
        return self.b(self.a(x))


def inputs():
    return [(torch.randn(1, 2, 2, 2),), (torch.randn(1, 2, 4, 4),)]
