# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, dim=16, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        torch._check(c % self.heads == 0, lambda: f"width {c} not divisible by {self.heads} heads")
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, n, c))


Model = SelfAttention


def inputs():
    torch.manual_seed(4907)
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 9, 16),)]
