# ruff: noqa  (a probe is written as users write models)
import platform

import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    """Works around a (mac only) strided-conv issue by forcing a contiguous input there."""

    def __init__(self, in_ch=3, dim=8, patch=2):
        super().__init__()
        self.proj = nn.Conv2d(in_ch, dim, patch, stride=patch)

    def forward(self, x):
        if platform.system() == "Darwin":
            x = x.contiguous()
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(3817)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
