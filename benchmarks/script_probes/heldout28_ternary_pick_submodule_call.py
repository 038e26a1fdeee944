# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DownBlock(nn.Module):
    """Downsamples with max-pool on even widths and a strided conv otherwise."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.pool = nn.MaxPool2d(2)
        self.strided = nn.Conv2d(channels, channels, 3, stride=2, padding=1)

    def forward(self, x):
        down = self.pool if x.shape[-1] % 2 == 0 else self.strided
        return down(x)


Model = DownBlock


def inputs():
    torch.manual_seed(2813)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 7, 7),)]
