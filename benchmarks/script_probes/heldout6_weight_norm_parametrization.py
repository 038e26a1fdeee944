# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class WNConvBlock(nn.Module):
    def __init__(self, channels: int, kernel_size: int = 3):
        super().__init__()
        self.conv = weight_norm(
            nn.Conv1d(channels, channels, kernel_size, padding=kernel_size // 2)
        )
        self.act = nn.LeakyReLU(0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.conv(self.act(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(WNConvBlock(4), WNConvBlock(4, 5))

    def forward(self, x):
        return self.blocks(x)


def inputs():
    return [(torch.randn(1, 4, 10),), (torch.randn(2, 4, 7),)]
