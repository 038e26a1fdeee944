import torch
import torch.nn as nn


class ScaledDotAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = dim ** -0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) * self.scale
        if torch.is_autocast_enabled():
            scores = scores.float()
        attn = scores.softmax(dim=-1).to(v.dtype)
        return attn @ v


Model = ScaledDotAttention


def inputs():
    torch.manual_seed(36)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8) * 2,)]
