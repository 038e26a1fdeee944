# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class SingleHeadAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = torch.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)
        return self.out(attn @ v), attn


Model = SingleHeadAttention


def inputs():
    torch.manual_seed(2606)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
