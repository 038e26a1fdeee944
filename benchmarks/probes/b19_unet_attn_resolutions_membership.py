import torch
from torch import nn
from dataclasses import dataclass, field


@dataclass
class UNetConfig:
    ch: int = 8
    ch_mult: tuple = (1, 2)
    attn_resolutions: list = field(default_factory=lambda: [8])


class AttnBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.norm = nn.GroupNorm(4, ch)
        self.qkv = nn.Conv2d(ch, ch * 3, 1)

    def forward(self, x):
        B, C, H, W = x.shape
        q, k, v = self.qkv(self.norm(x)).flatten(2).chunk(3, dim=1)
        w = torch.softmax(q.transpose(1, 2) @ k / C ** 0.5, dim=-1)
        return x + (v @ w.transpose(1, 2)).view(B, C, H, W)


class Model(nn.Module):
    def __init__(self, cfg: UNetConfig = UNetConfig()):
        super().__init__()
        self.cfg = cfg
        self.stem = nn.Conv2d(3, cfg.ch, 3, padding=1)
        chans = [cfg.ch * m for m in cfg.ch_mult]
        self.downs = nn.ModuleList(nn.Conv2d(a, b, 3, stride=2, padding=1) for a, b in zip([cfg.ch] + chans, chans))
        self.attns = nn.ModuleList(AttnBlock(c) for c in chans)

    def forward(self, x):
        h = self.stem(x)
        for down, attn in zip(self.downs, self.attns):
            h = down(h)
            if h.shape[-1] in self.cfg.attn_resolutions:  # breaks: trace
                h = attn(h)
        return h.mean((2, 3))


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 32, 32),), (torch.randn(3, 3, 16, 16) * 2,)]
