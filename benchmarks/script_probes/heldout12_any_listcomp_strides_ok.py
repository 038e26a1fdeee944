# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn


class DownBlock(nn.Module):
    def __init__(self, ch: int = 4, strides: List[int] = [1, 2]):
        super().__init__()
        self.strides = list(strides)
        self.convs = nn.ModuleList([nn.Conv2d(ch, ch, 3, stride=s, padding=1) for s in strides])
        self.skip = nn.Conv2d(ch, ch, 1, stride=2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x
        for conv in self.convs:
            y = torch.relu(conv(y))
        if any([s > 1 for s in self.strides]):
            return y + self.skip(x)
        return y + x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = DownBlock()

    def forward(self, x):
        return self.down(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 6, 6),)]
