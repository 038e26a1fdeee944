# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import math

import torch
import torch.nn.functional as F
from torch import nn


class WindowPadMixin:
    @staticmethod
    def pad_amount(length: int, window: int) -> int:
        return math.ceil(length / window) * window - length


class WindowEncoder(nn.Module, WindowPadMixin):
    def __init__(self, window: int = 4):
        super().__init__()
        self.window = window
        self.proj = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pad = self.pad_amount(x.shape[1], self.window)
        x = F.pad(x, (0, 0, 0, pad))
        b, n, c = x.shape
        x = x.view(b, n // self.window, self.window, c).mean(2)
        return self.proj(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = WindowEncoder()

    def forward(self, x):
        return self.enc(x)


def inputs():
    return [(torch.randn(1, 5, 3),), (torch.randn(2, 8, 3),)]
