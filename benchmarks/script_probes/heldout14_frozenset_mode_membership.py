# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

_ALIGNED = frozenset(("bilinear", "bicubic"))


class Upsample(nn.Module):
    def __init__(self, mode: str = "bilinear"):
        super().__init__()
        self.mode = mode

    def forward(self, x):
        if self.mode in _ALIGNED:
            return F.interpolate(x, scale_factor=2.0, mode=self.mode, align_corners=False)
        return F.interpolate(x, scale_factor=2.0, mode=self.mode)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upsample()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, x):
        return self.conv(self.up(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 3, 5),)]
