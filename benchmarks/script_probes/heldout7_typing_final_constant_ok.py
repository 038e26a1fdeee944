# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Final

import torch
from torch import nn


class Attention(nn.Module):
    fused_attn: Final[bool]
    num_heads: Final[int]

    def __init__(self, dim: int = 8, num_heads: int = 2):
        super().__init__()
        self.num_heads = num_heads
        self.fused_attn = False
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, c = x.shape
        qkv = (
            self.qkv(x).reshape(b, n, 3, self.num_heads, c // self.num_heads).permute(2, 0, 3, 1, 4)
        )
        q, k, v = qkv.unbind(0)
        if self.fused_attn:
            out = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        else:
            out = (q @ k.transpose(-2, -1) * (c // self.num_heads) ** -0.5).softmax(-1) @ v
        return out.transpose(1, 2).reshape(b, n, c)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 3, 8),), (torch.randn(2, 2, 8),)]
