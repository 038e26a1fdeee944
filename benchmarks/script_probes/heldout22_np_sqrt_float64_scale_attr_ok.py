# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class ScaledDotAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.inv_scale = 1.0 / np.sqrt(dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1) * self.inv_scale).softmax(-1)
        return attn @ v


Model = ScaledDotAttention


def inputs():
    torch.manual_seed(2243)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
