# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


@functools.cache
def relative_position_index(h: int, w: int) -> torch.Tensor:
    coords = torch.stack(torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")).flatten(1)
    rel = coords[:, :, None] - coords[:, None, :]
    rel[0] += h - 1
    rel[1] += w - 1
    return rel[0] * (2 * w - 1) + rel[1]


class RelPosWindowAttention(nn.Module):
    """Window attention whose relative-position index comes from a functools.cache helper."""

    def __init__(self, dim=8, max_hw=6):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.bias_table = nn.Parameter(torch.randn((2 * max_hw - 1) ** 2) * 0.1)
        self.max_hw = max_hw

    def forward(self, x):
        b, h, w, c = x.shape
        q, k, v = self.qkv(x.reshape(b, h * w, c)).chunk(3, dim=-1)
        idx = relative_position_index(h, w)
        bias = self.bias_table[idx]
        attn = (q @ k.transpose(-2, -1)) * c ** -0.5 + bias
        return (attn.softmax(-1) @ v).reshape(b, h, w, c)


Model = RelPosWindowAttention


def inputs():
    torch.manual_seed(4214)
    return [(torch.randn(2, 3, 3, 8),), (torch.randn(2, 3, 3, 8),), (torch.randn(1, 4, 2, 8),)]
