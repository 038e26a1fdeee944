# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


def masked_softmax(scores: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    if mask is not None:
        scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
    return scores.softmax(dim=-1)


class SelfAttention(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.scale = dim**-0.5

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = masked_softmax(q @ k.transpose(-2, -1) * self.scale, mask)
        return attn @ v


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttention(8)

    def forward(self, x, lengths):
        n = x.shape[1]
        mask = torch.arange(n)[None, :] < lengths[:, None]
        return self.attn(x, mask[:, None, :])


def inputs():
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 3])),
        (torch.randn(3, 4, 8), torch.tensor([1, 4, 2])),
    ]
