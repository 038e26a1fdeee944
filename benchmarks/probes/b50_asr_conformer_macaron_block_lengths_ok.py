# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def lengths_to_padding_mask(lengths: Tensor, max_len: int) -> Tensor:
    return torch.arange(max_len, device=lengths.device).expand(lengths.size(0), max_len) >= lengths.unsqueeze(1)


class FeedForward(nn.Module):
    def __init__(self, d: int, mult: int = 2, dropout: float = 0.1):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d * mult), nn.SiLU(), nn.Dropout(dropout), nn.Linear(d * mult, d), nn.Dropout(dropout))

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


class ConvModule(nn.Module):
    def __init__(self, d: int, kernel_size: int = 7):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(d, d, kernel_size, padding=(kernel_size - 1) // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x: Tensor, pad_mask: Tensor) -> Tensor:
        x = self.norm(x).masked_fill(pad_mask.unsqueeze(-1), 0.0).transpose(1, 2)
        x = F.glu(self.pw1(x), dim=1)
        x = self.pw2(F.silu(self.bn(self.dw(x))))
        return x.transpose(1, 2)


class ConformerBlock(nn.Module):
    def __init__(self, d: int = 16, heads: int = 4):
        super().__init__()
        self.ff1 = FeedForward(d)
        self.attn_norm = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.conv = ConvModule(d)
        self.ff2 = FeedForward(d)
        self.final_norm = nn.LayerNorm(d)

    def forward(self, x: Tensor, pad_mask: Tensor) -> Tensor:
        x = x + 0.5 * self.ff1(x)
        y = self.attn_norm(x)
        y, _ = self.attn(y, y, y, key_padding_mask=pad_mask, need_weights=False)
        x = x + y
        x = x + self.conv(x, pad_mask)
        x = x + 0.5 * self.ff2(x)
        return self.final_norm(x)


class Conformer(nn.Module):
    def __init__(self, d: int = 16, num_layers: int = 2):
        super().__init__()
        self.layers = nn.ModuleList([ConformerBlock(d) for _ in range(num_layers)])

    def forward(self, x: Tensor, lengths: Tensor) -> Tuple[Tensor, Tensor]:
        pad_mask = lengths_to_padding_mask(lengths, x.size(1))
        for layer in self.layers:
            x = layer(x, pad_mask)
        return x, lengths


Model = Conformer


def inputs():
    torch.manual_seed(5006)
    return [
        (torch.randn(2, 12, 16), torch.tensor([12, 7])),
        (torch.randn(3, 9, 16), torch.tensor([9, 9, 4])),
    ]
