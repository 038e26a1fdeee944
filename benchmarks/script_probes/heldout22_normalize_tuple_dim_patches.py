# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchNormalize(nn.Module):
    """L2-normalises each (channel, patch) slab over both its spatial axes."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        y = self.conv(x)
        return F.normalize(y, p=2.0, dim=(2, 3), eps=1e-6)


Model = PatchNormalize


def inputs():
    torch.manual_seed(2203)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(1, 4, 5, 7),)]
