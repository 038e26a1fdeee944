# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Stage(nn.Module):
    def __init__(self, dim: int, downsample: bool):
        super().__init__()
        self.block = nn.Conv2d(dim, dim, 3, padding=1)
        self.downsample = nn.ModuleList()
        if downsample:
            self.downsample.append(nn.AvgPool2d(2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.block(x)
        if self.downsample:
            x = self.downsample[0](x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(Stage(2, True), Stage(2, False))

    def forward(self, x):
        return self.stages(x)


def inputs():
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 6, 6),)]
