# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import bisect
from typing import List

import torch
from torch import nn


class BucketedPositionBias(nn.Module):
    def __init__(self, boundaries: List[int] = [2, 4, 8], heads: int = 2):
        super().__init__()
        self.boundaries = boundaries
        self.bias = nn.Embedding(len(boundaries) + 1, heads)

    def bucket(self, distance: int) -> int:
        return bisect.bisect_left(self.boundaries, distance)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        idx = self.bucket(x.shape[1])
        return x + self.bias.weight[idx].sum()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = BucketedPositionBias()

    def forward(self, x):
        return self.pos(x)


def inputs():
    return [(torch.randn(1, 3, 4),), (torch.randn(2, 9, 4),)]
