# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=4, return_attn=False):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.return_attn = return_attn

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(-1)
        out = attn @ v
        if self.return_attn:
            return out, attn
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
