# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AnisotropicUpsample(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        x = F.interpolate(x, scale_factor=(2, 1), mode="nearest")
        return self.conv(x)


Model = AnisotropicUpsample


def inputs():
    torch.manual_seed(187)
    return [(torch.randn(2, 4, 5, 6),), (torch.randn(1, 4, 3, 8),)]
