# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def attend(q, k, v):
    # use the fused kernel when this torch has it, else the textbook formula
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)
    w = (q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])).softmax(-1)
    return w @ v


class SelfAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return attend(q, k, v)


Model = SelfAttention


def inputs():
    torch.manual_seed(2841)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
