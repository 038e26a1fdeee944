import math

import torch
import torch.nn as nn


class SingleHeadAttention(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)) * self.scale
        return attn.softmax(-1) @ v


Model = SingleHeadAttention


def inputs():
    torch.manual_seed(34)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 5, 16) * 2,)]
