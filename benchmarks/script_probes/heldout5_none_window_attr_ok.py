# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class LocalAttention(nn.Module):
    def __init__(self, window: Optional[int] = None):
        super().__init__()
        self.window = window
        self.qk = nn.Linear(4, 4)

    def forward(self, x):
        scores = self.qk(x) @ x.transpose(-2, -1)
        if self.window is not None:
            n = x.shape[1]
            idx = torch.arange(n)
            far = (idx[None, :] - idx[:, None]).abs() > self.window
            scores = scores.masked_fill(far, -1e9)
        return scores.softmax(-1) @ x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.global_attn = LocalAttention()
        self.local_attn = LocalAttention(1)

    def forward(self, x):
        return self.global_attn(x) + self.local_attn(x)


def inputs():
    return [(torch.randn(1, 3, 4),), (torch.randn(2, 5, 4),)]
