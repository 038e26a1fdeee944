# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from einops import rearrange


class MHSA(nn.Module):
    def __init__(self, dim=12, heads=3):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q = rearrange(q, "b n (h d) -> b h n d", h=self.heads)
        k = rearrange(k, "b n (h d) -> b h n d", h=self.heads)
        v = rearrange(v, "b n (h d) -> b h n d", h=self.heads)
        attn = torch.softmax(q @ k.transpose(-1, -2) * q.shape[-1] ** -0.5, dim=-1)
        return self.out(rearrange(attn @ v, "b h n d -> b n (h d)"))


Model = MHSA


def inputs():
    torch.manual_seed(17)
    return [(torch.randn(2, 4, 12),), (torch.randn(1, 6, 12),)]
