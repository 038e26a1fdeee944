# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


def parse_hex_colors(codes: List[str]) -> List[List[float]]:
    out: List[List[float]] = []
    for code in codes:
        value = int(code, 16)
        r = (value >> 16) & 255
        g = (value >> 8) & 255
        b = value & 255
        out.append([r / 255.0, g / 255.0, b / 255.0])
    return out


class PaletteTint(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 3, 1)

    def forward(self, img: torch.Tensor, palette: List[str]) -> torch.Tensor:
        colors = torch.tensor(parse_hex_colors(palette), dtype=img.dtype)
        tint = colors.mean(0).view(1, 3, 1, 1)
        return self.proj(img) * tint


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tint = PaletteTint()

    def forward(self, img, palette: List[str]):
        return self.tint(img, palette)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(1, 3, 4, 4), ["ff8800", "0044aa"]),
        (torch.randn(2, 3, 5, 5), ["123456", "abcdef", "00ff00"]),
    ]
