# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, return_attn: bool = False):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.scale = dim ** -0.5
        self.return_attn = return_attn

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1) * self.scale).softmax(dim=-1)
        out = attn @ v
        if self.return_attn:
            return out, attn
        return out, None


Model = Attention


def inputs():
    torch.manual_seed(2040)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
