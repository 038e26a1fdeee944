# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ChannelCheck(nn.Module):
    """Input guard shared by the stems of a backbone."""

    def __init__(self, channels: int):
        super().__init__()
        self.channels = channels

    def forward(self, x: Tensor) -> Tensor:
        if x.size(1) != self.channels:
            raise ValueError(f"stem expects {self.channels:d} channels, got {x.size(1):d}")
        return x


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.check = ChannelCheck(3)
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.norm = nn.BatchNorm2d(8)

    def forward(self, x: Tensor) -> Tensor:
        x = self.check(x)
        return torch.relu(self.norm(self.conv(x)))


Model = Stem


def inputs():
    torch.manual_seed(3202)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
