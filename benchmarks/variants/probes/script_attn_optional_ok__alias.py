import math
from typing import Optional

import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = tnn.Linear(dim, 3 * dim)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, x, mask: Optional[T.Tensor] = None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-1, -2) * self.scale
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        return scores.softmax(-1) @ v


def inputs():
    return [(T.randn(2, 4, 8),), (T.randn(3, 5, 8),)]
