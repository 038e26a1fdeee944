# ruff: noqa  (a probe is written as users write models)
import enum

import torch
import torch.nn as nn
import torch.nn.functional as F


class Upsample(enum.Enum):
    NEAREST = "nearest"
    BILINEAR = "bilinear"
    PIXEL_SHUFFLE = "pixel_shuffle"


class Model(nn.Module):
    """Super-resolution tail; the upsampler is chosen by an Enum member and resolved in __init__."""

    def __init__(self, chans: int = 8, mode: Upsample = Upsample.PIXEL_SHUFFLE):
        super().__init__()
        self.use_shuffle = mode is Upsample.PIXEL_SHUFFLE
        self.interp_mode = "nearest" if mode is Upsample.PIXEL_SHUFFLE else mode.value
        self.expand = nn.Conv2d(chans, chans * 4, 3, padding=1)
        self.shuffle = nn.PixelShuffle(2)
        self.out = nn.Conv2d(chans, 3, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.use_shuffle:
            x = self.shuffle(self.expand(x))
        else:
            x = F.interpolate(x, scale_factor=2.0, mode=self.interp_mode)
        return self.out(x)


def inputs():
    torch.manual_seed(6326)
    return [(torch.randn(1, 8, 6, 6),), (torch.randn(2, 8, 5, 7),)]
