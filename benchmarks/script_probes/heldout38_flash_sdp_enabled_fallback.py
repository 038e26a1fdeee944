# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class Attention(nn.Module):
    """Multi-head self-attention: SDPA when the flash kernel is on, explicit softmax otherwise."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        q, k, v = (
            self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        )
        if x.is_cuda and torch.backends.cuda.flash_sdp_enabled():
            y = F.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q @ k.transpose(-1, -2)) / math.sqrt(q.shape[-1])
            y = attn.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, n, d))


Model = Attention


def inputs():
    torch.manual_seed(3808)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
