import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, x, mask=None):
        return self._forward_impl(x, mask)

    def _forward_impl(self, x, mask=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-1, -2) * self.scale
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        return scores.softmax(-1) @ v


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 5, 8),)]
