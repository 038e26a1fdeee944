# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


class LocalPool(nn.Module):
    def __init__(self, window_size: Optional[int] = None):
        super().__init__()
        self.window_size = window_size

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        window = self.window_size or x.shape[-1]
        return F.avg_pool1d(x, window, stride=window)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv1d(3, 3, 1)
        self.pool = LocalPool(2)

    def forward(self, x):
        return self.pool(self.proj(x))


def inputs():
    return [(torch.randn(1, 3, 8),), (torch.randn(2, 3, 6),)]
