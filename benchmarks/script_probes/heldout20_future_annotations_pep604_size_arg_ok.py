# ruff: noqa  (a probe is written as users write models)
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor, nn


class ResizeHead(nn.Module):
    def __init__(self, in_ch: int = 4, out_ch: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 1)

    def forward(self, x: Tensor, size: tuple[int, int] | None = None) -> Tensor:
        x = self.conv(x)
        if size is not None:
            x = F.interpolate(x, size=size, mode="bilinear", align_corners=False)
        return x


Model = ResizeHead


def inputs():
    torch.manual_seed(2004)
    return [(torch.randn(1, 4, 4, 4), (8, 8)), (torch.randn(2, 4, 6, 5), None)]
