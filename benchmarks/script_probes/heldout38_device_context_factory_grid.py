# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CoordConv(nn.Module):
    """CoordConv: appends normalised x/y coordinate channels before the convolution."""

    def __init__(self, channels: int = 3, width: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels + 2, width, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        b, _, h, w = x.shape
        with torch.device(x.device):
            ys = torch.linspace(-1.0, 1.0, h).view(1, 1, h, 1).expand(b, 1, h, w)
            xs = torch.linspace(-1.0, 1.0, w).view(1, 1, 1, w).expand(b, 1, h, w)
        return self.conv(torch.cat([x, ys, xs], dim=1))


Model = CoordConv


def inputs():
    torch.manual_seed(3813)
    return [(torch.randn(2, 3, 5, 6),), (torch.randn(1, 3, 4, 4),)]
