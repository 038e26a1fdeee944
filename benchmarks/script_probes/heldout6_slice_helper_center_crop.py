# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class CenterCrop(nn.Module):
    def __init__(self, size: int):
        super().__init__()
        self.size = size

    @staticmethod
    def _center(n: int, k: int):
        start = (n - k) // 2
        return slice(start, start + k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[-2:]
        return x[..., self._center(h, self.size), self._center(w, self.size)]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 3, padding=1)
        self.crop = CenterCrop(4)

    def forward(self, x):
        return self.crop(self.conv(x))


def inputs():
    return [(torch.randn(1, 2, 6, 6),), (torch.randn(2, 2, 8, 7),)]
