# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from dataclasses import dataclass, field
from typing import List


@dataclass
class UNetConfig:
    in_ch: int = 3
    base: int = 8
    mults: tuple = (1, 2)
    attn_levels: List[int] = field(default_factory=lambda: [1])  # attention on the coarse level


class ResBlock(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        h = self.conv2(F.silu(self.conv1(F.silu(x))))
        return h + self.skip(x)


class SpatialSelfAttention(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.norm = nn.GroupNorm(4, ch)
        self.qkv = nn.Conv2d(ch, ch * 3, 1)
        self.out = nn.Conv2d(ch, ch, 1)

    def forward(self, x):
        b, c, h, w = x.shape
        q, k, v = self.qkv(self.norm(x)).flatten(2).chunk(3, dim=1)
        attn = torch.softmax(q.transpose(1, 2) @ k / c ** 0.5, dim=-1)
        y = (v @ attn.transpose(1, 2)).view(b, c, h, w)
        return x + self.out(y)


class Encoder(nn.Module):
    def __init__(self, cfg: UNetConfig):
        super().__init__()
        self.stem = nn.Conv2d(cfg.in_ch, cfg.base, 3, padding=1)
        self.attn_levels = list(cfg.attn_levels)
        chans = [cfg.base * m for m in cfg.mults]
        blocks, attns = [], []
        cin = cfg.base
        for cout in chans:
            blocks.append(ResBlock(cin, cout))
            attns.append(SpatialSelfAttention(cout))
            cin = cout
        self.blocks = nn.ModuleList(blocks)
        self.attns = nn.ModuleList(attns)

    def forward(self, x):
        x = self.stem(x)
        feats = []
        for level, (block, attn) in enumerate(zip(self.blocks, self.attns)):
            x = block(x)
            if level in self.attn_levels:
                x = attn(x)
            feats.append(x)
            x = F.avg_pool2d(x, 2)
        return feats


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(UNetConfig())
        self.head = nn.Conv2d(16, 4, 1)

    def forward(self, x):
        feats = self.encoder(x)
        return self.head(feats[-1])


def inputs():
    torch.manual_seed(5302)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 12, 20),)]
