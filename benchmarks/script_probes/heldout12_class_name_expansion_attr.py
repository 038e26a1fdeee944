# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, planes: int = 2):
        super().__init__()
        width = planes * Bottleneck.expansion
        self.reduce = nn.Conv2d(width, planes, 1)
        self.expand = nn.Conv2d(planes, width, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.expand(torch.relu(self.reduce(x)))
        return torch.relu(x + y / Bottleneck.expansion)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Bottleneck()

    def forward(self, x):
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 8, 4, 4),), (torch.randn(2, 8, 3, 5),)]
