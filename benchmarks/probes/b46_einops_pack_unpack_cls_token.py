# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from einops import pack, unpack


class ViTPool(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.cls_token = nn.Parameter(torch.randn(dim))
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.head = nn.Linear(dim, 3)

    def forward(self, tokens):
        b = tokens.shape[0]
        cls = self.cls_token.expand(b, -1)
        x, ps = pack([cls, tokens], "b * d")
        x, _ = self.attn(x, x, x, need_weights=False)
        cls, _ = unpack(x, ps, "b * d")
        return self.head(cls)


Model = ViTPool


def inputs():
    torch.manual_seed(4607)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 9, 8),)]
