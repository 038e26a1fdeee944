# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def sn_conv(cin: int, cout: int, k: int = 3) -> nn.Module:
    return nn.utils.spectral_norm(nn.Conv2d(cin, cout, k, padding=k // 2))


class Discriminator(nn.Module):
    def __init__(self, channels: int = 3, width: int = 4):
        super().__init__()
        self.c1 = sn_conv(channels, width)
        self.c2 = sn_conv(width, width)
        self.head = nn.Linear(width, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = nn.functional.leaky_relu(self.c1(x), 0.2)
        x = nn.functional.leaky_relu(self.c2(x), 0.2)
        return self.head(x.mean(dim=(2, 3)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.disc = Discriminator()

    def forward(self, x):
        return self.disc(x)


def inputs():
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 5, 4),)]
