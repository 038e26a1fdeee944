# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv
        attn = (q @ k.transpose(-2, -1) * (c // self.heads) ** -0.5).softmax(-1)
        return self.out((attn @ v).transpose(1, 2).reshape(b, n, c))


Model = Attention


def inputs():
    torch.manual_seed(2240)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
