import os

import torch
import torch.nn.functional as F
from torch import nn


def attention(q, k, v):
    if os.environ.get("TL_ATTN_IMPL", "sdpa") == "math":
        return (q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5).softmax(-1) @ v
    return F.scaled_dot_product_attention(q, k, v)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return self.out(attention(q, k, v))


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
