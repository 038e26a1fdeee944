# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class StridePyramid(nn.Module):
    """Pools a feature map at several strides; the stride list is declared constant."""

    __constants__ = ["strides"]

    def __init__(self, strides=(1, 2, 4)):
        super().__init__()
        self.strides = list(strides)
        self.proj = nn.Conv2d(3, 2, 1)

    def forward(self, x: Tensor) -> Tensor:
        y = self.proj(x)
        total = y.new_zeros(y.shape[0], y.shape[1])
        for s in self.strides:
            total = total + F.avg_pool2d(y, s).mean((-2, -1)) / s
        return total * len(self.strides) + self.strides[-1]


Model = StridePyramid


def inputs():
    torch.manual_seed(3309)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 4, 8),)]
