# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PaddedSelfAttentionBlock(nn.Module):
    """Self-attention over padded tokens; returns the head-averaged attention map for inspection."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, pad_mask):
        h = self.norm(x)
        out, weights = self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=True)
        return x + out, weights


Model = PaddedSelfAttentionBlock


def inputs():
    torch.manual_seed(4205)
    m1 = torch.tensor([[False] * 5, [False, False, False, True, True]])
    m2 = torch.tensor([[False, False, True, True, True], [False] * 5])
    m3 = torch.tensor([[False] * 3 + [True] * 4, [False] * 6 + [True], [False] * 7])
    return [(torch.randn(2, 5, 8), m1), (torch.randn(2, 5, 8), m2), (torch.randn(3, 7, 8), m3)]
