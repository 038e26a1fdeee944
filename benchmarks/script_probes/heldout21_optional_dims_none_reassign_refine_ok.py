# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from typing import List, Optional


def reduce_dims(x: Tensor, dims: Optional[List[int]] = None) -> Tensor:
    if dims is None:
        dims = [-1]
    for d in dims:
        x = x.amax(d, keepdim=True)
    return x.flatten(1)


class SpatialPool(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.dims: Optional[List[int]] = [2, 3]

    def forward(self, x: Tensor) -> Tensor:
        return reduce_dims(self.conv(x), self.dims)


Model = SpatialPool


def inputs():
    torch.manual_seed(2135)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 3),)]
