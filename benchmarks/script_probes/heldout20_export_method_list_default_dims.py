# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class PooledEncoder(nn.Module):
    def __init__(self, ch: int = 4, dim: int = 6):
        super().__init__()
        self.conv = nn.Conv2d(ch, dim, 3, padding=1)

    @torch.jit.export
    def embed(self, x: Tensor, dims: List[int] = [2, 3]) -> Tensor:
        return self.conv(x).mean(dims)

    def forward(self, x: Tensor) -> Tensor:
        return self.embed(x)


Model = PooledEncoder


def inputs():
    torch.manual_seed(2020)
    return [(torch.randn(1, 4, 5, 5),), (torch.randn(2, 4, 3, 7),)]
