import torch
import torch.nn.functional as F
from torch import nn


class Resize(nn.Module):
    def __init__(self, scale: float = 1.5):
        super().__init__()
        self.scale = scale

    def target_size(self, x):
        return [int(d * self.scale) for d in x.shape[-2:]]  # breaks: trace

    def forward(self, x):
        return F.interpolate(x, size=self.target_size(x), mode="bilinear", align_corners=False)


class Model(nn.Module):
    def __init__(self, channels: int = 3):
        super().__init__()
        self.up = Resize()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return self.conv(self.up(x))


def inputs():
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(1, 3, 6, 3),)]
