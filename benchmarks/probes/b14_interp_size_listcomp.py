import torch
import torch.nn.functional as F
from torch import nn


class UpBlock(nn.Module):
    def __init__(self, ch: int = 4, factor: int = 2):
        super().__init__()
        self.factor = factor
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        size = [s * self.factor for s in x.shape[2:]]
        return self.conv(F.interpolate(x, size=size, mode="bilinear", align_corners=False))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up1 = UpBlock()
        self.up2 = UpBlock()

    def forward(self, x):
        return self.up2(self.up1(x))


def inputs():
    return [(torch.randn(1, 4, 3, 3),), (torch.randn(1, 4, 5, 4),)]
