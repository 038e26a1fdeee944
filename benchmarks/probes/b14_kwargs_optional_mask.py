import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x, key_padding_mask=None, attn_mask=None, **kwargs):
        h, _ = self.attn(
            x, x, x, key_padding_mask=key_padding_mask, attn_mask=attn_mask, need_weights=False
        )
        return x + self.ff(h)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x, mask=None, **kwargs):
        for block in self.blocks:
            x = block(x, key_padding_mask=mask, **kwargs)
        return x


def inputs():
    return [(torch.randn(2, 4, 8),), (torch.randn(3, 6, 8),)]
