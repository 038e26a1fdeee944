# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LevelPool(nn.Module):
    def __init__(self, min_size: int = 2):
        super().__init__()
        self.min_size = min_size

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        size = x.shape[-1]
        levels = int(math.log(size / self.min_size, 2))
        feats = [x.mean((2, 3))]
        for _ in range(levels):
            x = F.avg_pool2d(x, 2)
            feats.append(x.mean((2, 3)))
        return torch.stack(feats, 0).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = LevelPool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 16, 16),)]
