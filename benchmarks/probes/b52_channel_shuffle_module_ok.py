# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ShuffleUnit(nn.Module):
    """ShuffleNet unit: grouped 1x1 conv, nn.ChannelShuffle, depthwise 3x3, grouped 1x1, residual."""

    def __init__(self, c: int = 8, groups: int = 2):
        super().__init__()
        self.gconv1 = nn.Conv2d(c, c, 1, groups=groups)
        self.shuffle = nn.ChannelShuffle(groups)
        self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c)
        self.gconv2 = nn.Conv2d(c, c, 1, groups=groups)

    def forward(self, x: Tensor) -> Tensor:
        h = torch.relu(self.gconv1(x))
        h = self.shuffle(h)
        h = self.gconv2(self.dw(h))
        return torch.relu(x + h)


Model = ShuffleUnit


def inputs():
    torch.manual_seed(5227)
    return [(torch.randn(1, 8, 6, 6),), (torch.randn(2, 8, 5, 3),)]
