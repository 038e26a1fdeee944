# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LazyScaledAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.scale = 1

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        self.scale = q.shape[-1] ** -0.5
        attn = (q @ k.transpose(-2, -1)) * self.scale
        return attn.softmax(dim=-1) @ v


Model = LazyScaledAttention


def inputs():
    torch.manual_seed(2305)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
