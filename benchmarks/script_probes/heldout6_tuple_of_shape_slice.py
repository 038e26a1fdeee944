# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class UpsampleAdd(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.lateral = nn.Conv2d(channels, channels, 1)

    @staticmethod
    def _resize_to(x: torch.Tensor, ref: torch.Tensor) -> torch.Tensor:
        return F.interpolate(x, size=tuple(ref.shape[-2:]), mode="nearest")

    def forward(self, top: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        return self._resize_to(top, skip) + self.lateral(skip)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(3, 3, 3, stride=2, padding=1)
        self.merge = UpsampleAdd(3)

    def forward(self, x):
        return self.merge(self.down(x), x)


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
