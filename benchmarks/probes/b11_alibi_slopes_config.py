import math
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class AttnConfig:
    dim: int = 16
    num_heads: int = 4
    causal: bool = True


def get_alibi_slopes(num_heads: int) -> list:
    def pow2_slopes(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(num_heads).is_integer():
        return pow2_slopes(num_heads)
    closest = 2 ** math.floor(math.log2(num_heads))
    return pow2_slopes(closest) + pow2_slopes(2 * closest)[0::2][: num_heads - closest]


class AlibiAttention(nn.Module):
    def __init__(self, cfg: AttnConfig):
        super().__init__()
        self.cfg = cfg
        self.head_dim = cfg.dim // cfg.num_heads
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.out = nn.Linear(cfg.dim, cfg.dim)
        self.register_buffer(
            "slopes", torch.tensor(get_alibi_slopes(cfg.num_heads)), persistent=False
        )

    def alibi_bias(self, seq_len: int, device):
        pos = torch.arange(seq_len, device=device)
        rel = pos[None, :] - pos[:, None]
        bias = self.slopes[:, None, None] * rel[None].float()
        if self.cfg.causal:
            bias = bias.masked_fill(rel[None] > 0, float("-inf"))
        return bias

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            self.qkv(x).view(b, t, 3, self.cfg.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        )
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        scores = scores + self.alibi_bias(t, x.device)
        out = scores.softmax(-1) @ v
        return self.out(out.transpose(1, 2).reshape(b, t, -1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = AlibiAttention(AttnConfig())

    def forward(self, x):
        return self.attn(x)


def inputs():
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 7, 16),)]
