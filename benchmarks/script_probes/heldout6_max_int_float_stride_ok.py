# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class AdaptiveDownsample(nn.Module):
    def __init__(self, target: int = 4):
        super().__init__()
        self.target = target
        self.min_stride = 1

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        stride = max(self.min_stride, x.shape[-1] / self.target)
        return F.avg_pool1d(x, int(stride))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 2, 3, padding=1)
        self.down = AdaptiveDownsample()

    def forward(self, x):
        return self.down(self.conv(x))


def inputs():
    return [(torch.randn(1, 2, 8),), (torch.randn(2, 2, 3),)]
