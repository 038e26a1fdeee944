# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import functools

import torch
from torch import nn


@functools.lru_cache(maxsize=8)
def window_size(seq_len: int, max_window: int) -> int:
    return min(seq_len, max_window)


class LocalMean(nn.Module):
    def __init__(self, max_window: int = 3):
        super().__init__()
        self.max_window = max_window

    def forward(self, x):
        k = window_size(x.shape[1], self.max_window)
        return x[:, -k:].mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 4)
        self.pool = LocalMean(3)

    def forward(self, x):
        return self.pool(self.embed(x))


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(1, 2, 4),)]
