# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DepthwiseSameConv(nn.Module):
    """Audio depthwise conv with a learned kernel, 'same' padding given as a string."""

    def __init__(self, channels: int = 4, kernel: int = 5):
        super().__init__()
        self.channels = channels
        self.weight = nn.Parameter(torch.randn(channels, 1, kernel) * 0.2)

    def forward(self, x):
        return F.conv1d(x, self.weight, padding="same", groups=self.channels) + x


Model = DepthwiseSameConv


def inputs():
    torch.manual_seed(2623)
    return [(torch.randn(1, 4, 12),), (torch.randn(2, 4, 31),)]
