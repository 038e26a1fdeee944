# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class PyramidPool(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.fuse = nn.Conv2d(channels * 3, channels, 1)

    def forward(self, x):
        h, w = x.shape[-2], x.shape[-1]
        feats = []
        for s in [1, 0.5, 0.25]:
            y = F.adaptive_avg_pool2d(x, (max(1, int(h * s)), max(1, int(w * s))))
            feats.append(F.interpolate(y, size=(h, w), mode="nearest"))
        return self.fuse(torch.cat(feats, 1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, padding=1)
        self.ppm = PyramidPool(4)

    def forward(self, x):
        return self.ppm(self.stem(x))


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 16),)]
