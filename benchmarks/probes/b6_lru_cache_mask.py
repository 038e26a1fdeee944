import functools

import torch
from torch import nn


@functools.lru_cache(maxsize=8)
def band_mask(size: int, width: int):
    idx = torch.arange(size)
    return (idx[:, None] - idx[None, :]).abs() <= width


class Model(nn.Module):
    def __init__(self, dim: int = 8, width: int = 1):
        super().__init__()
        self.width = width
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        mask = band_mask(x.shape[1], self.width)
        att = (q @ k.transpose(-1, -2)).masked_fill(~mask, float("-inf"))
        return att.softmax(-1) @ v


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 5, 8),)]
