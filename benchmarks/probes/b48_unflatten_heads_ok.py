# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HeadSplit(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.unflatten(-1, (self.heads, -1)).transpose(1, 2) for t in (q, k, v))
        attn = (q @ k.transpose(-2, -1)).softmax(-1)
        return (attn @ v).transpose(1, 2).flatten(2)


Model = HeadSplit


def inputs():
    torch.manual_seed(4807)
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 8, 16),)]
