# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class AvgPoolNd(nn.Module):
    def __init__(self, ndim: int = 2, k: int = 2):
        super().__init__()
        self.ndim = ndim
        self.k = k

    def forward(self, x):
        kernel: Tuple[int, int] = (self.k,) * self.ndim
        return F.avg_pool2d(x, kernel)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.pool = AvgPoolNd()

    def forward(self, x):
        return self.pool(torch.relu(self.conv(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
