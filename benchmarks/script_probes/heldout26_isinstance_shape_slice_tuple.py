# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class UNetUp(nn.Module):
    """Decoder step: upsample to the skip's size (odd sizes included), else by 2."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x, skip):
        size = skip.shape[-2:]
        if isinstance(size, tuple):
            x = F.interpolate(x, size=size, mode="nearest")
        else:
            x = F.interpolate(x, scale_factor=2.0, mode="nearest")
        return self.conv(x + skip)


Model = UNetUp


def inputs():
    torch.manual_seed(2612)
    return [
        (torch.randn(1, 4, 3, 3), torch.randn(1, 4, 7, 7)),
        (torch.randn(2, 4, 4, 5), torch.randn(2, 4, 9, 11)),
    ]
