# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


def round_channels(c: int) -> int:
    return max(10, round(c, -1))


class Stem(nn.Module):
    def __init__(self, width_mult: float = 1.3):
        super().__init__()
        self.width_mult = width_mult
        self.conv = nn.Conv2d(3, 40, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        keep = round_channels(int(y.shape[1] * self.width_mult) // 2)
        return y[:, :keep]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = Stem()

    def forward(self, x):
        return self.stem(x).mean((2, 3))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 6, 5),)]
