# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiHeadSplit(nn.Module):
    head_dim = property(lambda self: self.dim // self.num_heads)

    def __init__(self, dim: int = 8, num_heads: int = 2):
        super().__init__()
        self.dim = dim
        self.num_heads = num_heads
        self.qkv = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, _ = x.shape
        return self.qkv(x).view(B, N, self.num_heads, self.head_dim).transpose(1, 2)


Model = MultiHeadSplit


def inputs():
    torch.manual_seed(2037)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
