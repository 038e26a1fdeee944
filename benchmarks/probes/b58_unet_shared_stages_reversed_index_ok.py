# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNormAct(nn.Sequential):
    def __init__(self, c_in: int, c_out: int):
        super().__init__(nn.Conv2d(c_in, c_out, 3, padding=1, bias=False), nn.GroupNorm(4, c_out), nn.SiLU())


class Stage(nn.Module):
    """One resolution of a symmetric U-Net; the same object knows how to go down and up."""

    def __init__(self, c: int, c_next: int):
        super().__init__()
        self.down = nn.Sequential(ConvNormAct(c, c_next), nn.MaxPool2d(2))
        self.up = nn.ConvTranspose2d(c_next, c, 2, stride=2)
        self.fuse = ConvNormAct(2 * c, c)

    def encode(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(x)

    def decode(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        x = self.up(x)
        return self.fuse(torch.cat([x, skip], dim=1))


class Model(nn.Module):
    """Segmentation U-Net; the decoder order is fixed at construction with a second
    ModuleList holding the same stages reversed (shared parameters, no copies)."""

    def __init__(self, widths=(8, 16, 32), n_classes: int = 3):
        super().__init__()
        self.stem = ConvNormAct(1, widths[0])
        self.stages = nn.ModuleList([Stage(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.dec_order = nn.ModuleList(list(self.stages)[::-1])
        self.bottleneck = ConvNormAct(widths[-1], widths[-1])
        self.head = nn.Conv2d(widths[0], n_classes, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        skips: List[torch.Tensor] = []
        for stage in self.stages:
            skips.append(x)
            x = stage.encode(x)
        x = self.bottleneck(x)
        for i, stage in enumerate(self.dec_order):
            x = stage.decode(x, skips[-1 - i])
        return self.head(x)


def inputs():
    torch.manual_seed(5814)
    return [(torch.randn(2, 1, 32, 32),), (torch.randn(1, 1, 24, 40),)]
