# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class CenterCrop(nn.Module):
    def __init__(self, max_size: int = 6):
        super().__init__()
        self.max_size = max_size

    def forward(self, x):
        h, w = x.shape[-2], x.shape[-1]
        s = min(h, w, self.max_size)
        top = (h - s) // 2
        left = (w - s) // 2
        return x[..., top : top + s, left : left + s]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.crop = CenterCrop(6)
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x):
        return self.conv(self.crop(x))


def inputs():
    return [(torch.randn(1, 2, 8, 10),), (torch.randn(2, 2, 5, 7),)]
