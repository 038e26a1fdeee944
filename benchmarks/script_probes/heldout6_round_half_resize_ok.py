# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class ScaleBranch(nn.Module):
    def __init__(self, channels: int, scale: float):
        super().__init__()
        self.scale = scale
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def _scaled_size(self, n: int) -> int:
        return max(1, int(round(n * self.scale)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = x.shape[-2:]
        size = [self._scaled_size(h), self._scaled_size(w)]
        y = F.interpolate(x, size=size, mode="bilinear", align_corners=False)
        return self.conv(y).mean(dim=(2, 3))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.branches = nn.ModuleList([ScaleBranch(2, 0.5), ScaleBranch(2, 1.5)])

    def forward(self, x):
        return torch.stack([b(x) for b in self.branches], dim=0).sum(0)


def inputs():
    return [(torch.randn(1, 2, 5, 5),), (torch.randn(1, 2, 7, 3),)]
