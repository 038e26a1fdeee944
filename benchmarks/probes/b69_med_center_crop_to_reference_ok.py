# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


def center_crop_3d(x: torch.Tensor, target: List[int]) -> torch.Tensor:
    """Crop the last three dims of ``x`` around the centre to ``target`` (depth, height, width)."""
    d0 = (x.size(-3) - target[0]) // 2
    h0 = (x.size(-2) - target[1]) // 2
    w0 = (x.size(-1) - target[2]) // 2
    return x[..., d0 : d0 + target[0], h0 : h0 + target[1], w0 : w0 + target[2]]


class Model(nn.Module):
    """3-D U-Net stage without padding: the encoder's skip is cropped to the decoder's size."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.enc = nn.Conv3d(1, ch, 3)
        self.down = nn.Conv3d(ch, ch * 2, 3, stride=2)
        self.up = nn.ConvTranspose3d(ch * 2, ch, 2, stride=2)
        self.head = nn.Conv3d(ch * 2, 2, 1)

    def forward(self, vol: torch.Tensor) -> torch.Tensor:
        skip = torch.relu(self.enc(vol))
        up = self.up(torch.relu(self.down(skip)))
        skip = center_crop_3d(skip, list(up.shape[2:]))
        return self.head(torch.cat([skip, up], dim=1))


def inputs():
    torch.manual_seed(6907)
    return [(torch.randn(1, 1, 12, 14, 13),), (torch.randn(2, 1, 15, 12, 16),)]
