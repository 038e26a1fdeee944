# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim=16, heads=2, fused=False):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self._attend = self._attend_fused if fused else self._attend_manual

    def _attend_fused(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v)

    def _attend_manual(self, q, k, v):
        attn = (q @ k.transpose(-2, -1)) * q.shape[-1] ** -0.5
        return attn.softmax(dim=-1) @ v

    def forward(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        out = self._attend(qkv[0], qkv[1], qkv[2])
        return self.proj(out.transpose(1, 2).reshape(b, n, c))


Model = Attention


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 7, 16),)]
