# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class AttnConfig:
    dim: int = 8
    heads: int = 2
    scale_by_dim: bool = True


class SelfAttention(nn.Module):
    def __init__(self, cfg: AttnConfig):
        super().__init__()
        self.cfg = cfg
        self.qkv = nn.Linear(cfg.dim, cfg.dim * 3)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).chunk(3, -1)
        hd = self.cfg.dim // self.cfg.heads
        q = q.view(b, n, self.cfg.heads, hd).transpose(1, 2)
        k = k.view(b, n, self.cfg.heads, hd).transpose(1, 2)
        v = v.view(b, n, self.cfg.heads, hd).transpose(1, 2)
        att = q @ k.transpose(-2, -1)
        if self.cfg.scale_by_dim:
            att = att / hd**0.5
        return (att.softmax(-1) @ v).transpose(1, 2).reshape(b, n, -1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttention(AttnConfig())

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(1, 3, 8),), (torch.randn(2, 5, 8),)]
