# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class FusionNeck(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.a = nn.Conv2d(channels, channels, 1)
        self.b = nn.Conv2d(channels, channels, 3, padding=1)
        self.out = nn.Conv2d(channels * 2, channels, 1)

    @staticmethod
    def merge(*features: torch.Tensor) -> torch.Tensor:
        return torch.cat(features, dim=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.out(self.merge(self.a(x), self.b(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.neck = FusionNeck(3)

    def forward(self, x):
        return self.neck(x)


def inputs():
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 5, 3),)]
