# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import List, Optional


class SpatialPool(nn.Module):
    reduce_dims: Optional[List[int]]

    def __init__(self, channels: int = 4, reduce_dims: Optional[List[int]] = None):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.reduce_dims = reduce_dims if reduce_dims is not None else [2, 3]

    def forward(self, x: Tensor) -> Tensor:
        x = self.conv(x)
        if self.reduce_dims is not None:
            for d in self.reduce_dims:
                x = x.amax(d, keepdim=True)
        return x.flatten(1)


Model = SpatialPool


def inputs():
    torch.manual_seed(2140)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 3),)]
