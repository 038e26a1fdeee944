# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class UNetDecoder(nn.Module):
    """Decoder walks the up-blocks deepest-first with a [::-1] slice of the ModuleList."""

    def __init__(self, dims=(4, 6, 8)):
        super().__init__()
        self.ups = nn.ModuleList([nn.Conv2d(d, d, 3, padding=1) for d in dims])
        self.reduce = nn.ModuleList([nn.Conv2d(dims[i + 1], dims[i], 1) for i in range(len(dims) - 1)])

    def forward(self, skips: List[Tensor]) -> Tensor:
        x = skips[-1]
        level = len(skips) - 1
        for up in self.ups[::-1]:
            x = torch.relu(up(x))
            if level > 0:
                x = F.interpolate(x, size=skips[level - 1].shape[-2:], mode="nearest")
                if level == 2:
                    x = skips[1] + self.reduce[1](x)
                else:
                    x = skips[0] + self.reduce[0](x)
            level -= 1
        return x


Model = UNetDecoder


def inputs():
    torch.manual_seed(2912)
    a = [torch.randn(1, 4, 8, 8), torch.randn(1, 6, 4, 4), torch.randn(1, 8, 2, 2)]
    b = [torch.randn(2, 4, 6, 6), torch.randn(2, 6, 3, 3), torch.randn(2, 8, 2, 2)]
    return [(a,), (b,)]
