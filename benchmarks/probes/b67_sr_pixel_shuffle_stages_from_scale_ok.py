# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def make_upsampler(channels: int, scale: int) -> nn.Sequential:
    """ESRGAN / EDSR-style upsampler: one conv + PixelShuffle(2) stage per factor of two."""
    layers = []
    for _ in range(int(math.log2(scale))):
        layers.append(nn.Conv2d(channels, channels * 4, 3, padding=1))
        layers.append(nn.PixelShuffle(2))
        layers.append(nn.LeakyReLU(0.2))
    return nn.Sequential(*layers)


class Model(nn.Module):
    """Super-resolution network; the number of upsampling stages comes from the configured
    scale at construction time."""

    def __init__(self, channels: int = 8, scale: int = 4):
        super().__init__()
        self.head = nn.Conv2d(3, channels, 3, padding=1)
        self.body = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU())
        self.up = make_upsampler(channels, scale)
        self.tail = nn.Conv2d(channels, 3, 3, padding=1)

    def forward(self, lr: torch.Tensor) -> torch.Tensor:
        feat = self.head(lr)
        feat = feat + self.body(feat)
        return self.tail(self.up(feat))


def inputs():
    torch.manual_seed(6701)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
