# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional

import torch
import torch.nn as nn
from torch import Tensor


class UNetDecoder(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.down1 = nn.Conv2d(dim, dim, 3, stride=2, padding=1)
        self.down2 = nn.Conv2d(dim, dim, 3, stride=2, padding=1)
        self.ups = nn.ModuleList([nn.ConvTranspose2d(dim, dim, 2, stride=2) for _ in range(3)])

    def forward(self, x):
        s1 = self.down1(x)
        s2 = self.down2(s1)
        skips: List[Optional[Tensor]] = [s1, x, None]
        y = s2
        for i, up in enumerate(self.ups):
            y = up(y)
            skip = skips[i]
            if skip is not None:
                y = y + skip
        return y


Model = UNetDecoder


def inputs():
    torch.manual_seed(2320)
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 4, 12),)]
