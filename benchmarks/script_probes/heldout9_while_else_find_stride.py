# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class AdaptiveDown(nn.Module):
    MAX_STRIDE = 8

    def __init__(self, target: int = 4):
        super().__init__()
        self.target = target
        self.conv = nn.Conv1d(3, 3, 1)

    def pick_stride(self, length: int) -> int:
        stride = 1
        while stride < self.MAX_STRIDE:
            if length // stride <= self.target:
                break
            stride *= 2
        else:
            stride = self.MAX_STRIDE
        return stride

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = self.pick_stride(x.shape[-1])
        return F.avg_pool1d(self.conv(x), s, s)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = AdaptiveDown()

    def forward(self, x):
        return self.down(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 16),), (torch.randn(1, 3, 64),)]
