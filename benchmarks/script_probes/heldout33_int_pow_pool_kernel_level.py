# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class PyramidLevel(nn.Module):
    def __init__(self, level: int, channels: int):
        super().__init__()
        self.level = level
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        factor = 2**self.level
        return self.conv(F.avg_pool2d(x, factor))


class PyramidPooling(nn.Module):
    """Pools the input at 2**level for each pyramid level and sums the upsampled results."""

    def __init__(self):
        super().__init__()
        self.levels = nn.ModuleList([PyramidLevel(i, 3) for i in range(3)])

    def forward(self, x: Tensor) -> Tensor:
        out = x
        for level in self.levels:
            out = out + F.interpolate(level(x), size=x.shape[-2:], mode="nearest")
        return out


Model = PyramidPooling


def inputs():
    torch.manual_seed(3317)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 16, 8),)]
