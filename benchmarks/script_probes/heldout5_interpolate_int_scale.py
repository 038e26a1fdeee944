# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class UpBlock(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x, skip):
        x = F.interpolate(x, scale_factor=2, mode="nearest")
        return self.conv(torch.cat([x, skip], 1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(2, 2, 3, stride=2, padding=1)
        self.up = UpBlock(4, 2)

    def forward(self, x):
        return self.up(self.down(x), x)


def inputs():
    return [(torch.randn(1, 2, 8, 8),), (torch.randn(2, 2, 4, 6),)]
