# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FlagAwareAttention(nn.Module):
    """Picks the fused SDPA path or a manual softmax path from torch.backends' fast-path flag."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        if torch.backends.mha.get_fastpath_enabled():
            y = F.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q @ k.transpose(-2, -1)) * (c // self.heads) ** -0.5
            y = attn.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, t, c))


Model = FlagAwareAttention


def inputs():
    torch.manual_seed(4228)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
