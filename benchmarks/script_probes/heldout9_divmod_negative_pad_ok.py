# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class PadToWindow(nn.Module):
    def __init__(self, window: int = 4):
        super().__init__()
        self.window = window
        self.proj = nn.Conv1d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n, rem = divmod(-x.shape[-1], self.window)
        x = F.pad(x, (0, rem))
        return self.proj(x) * abs(n)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = PadToWindow()

    def forward(self, x):
        return self.pad(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 9),), (torch.randn(2, 2, 6),)]
