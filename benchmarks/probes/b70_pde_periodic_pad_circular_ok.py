# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PeriodicConv(nn.Module):
    """3x3 convolution on a periodic (torus) weather grid: wrap-around padding, no zero edge."""

    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(F.pad(x, (1, 1, 1, 1), mode="circular"))


class Model(nn.Module):
    """PDE surrogate: a residual stack of periodic convolutions stepping the state forward."""

    def __init__(self, channels: int = 3, width: int = 8, depth: int = 2):
        super().__init__()
        self.inp = PeriodicConv(channels, width)
        self.blocks = nn.ModuleList([PeriodicConv(width, width) for _ in range(depth)])
        self.out = PeriodicConv(width, channels)

    def forward(self, state: torch.Tensor) -> torch.Tensor:
        h = F.gelu(self.inp(state))
        for block in self.blocks:
            h = h + F.gelu(block(h))
        return state + self.out(h)


def inputs():
    torch.manual_seed(7008)
    return [(torch.randn(1, 3, 8, 10),), (torch.randn(2, 3, 12, 6),)]
