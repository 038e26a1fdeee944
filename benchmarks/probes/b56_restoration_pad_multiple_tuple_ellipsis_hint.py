# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def pad_to_multiple(x: Tensor, multiples: Tuple[int, ...]) -> Tensor:
    """Right/bottom pad the trailing dims so each is a multiple of the matching entry."""
    pads: List[int] = []
    for i, m in enumerate(multiples):
        size = x.shape[x.dim() - len(multiples) + i]
        pads = [0, (m - size % m) % m] + pads
    return F.pad(x, pads, mode="replicate")


class ChannelAttention(nn.Module):
    def __init__(self, c: int, reduction: int = 2):
        super().__init__()
        self.fc = nn.Sequential(nn.Conv2d(c, c // reduction, 1), nn.ReLU(), nn.Conv2d(c // reduction, c, 1))

    def forward(self, x):
        return x * torch.sigmoid(self.fc(x.mean(dim=(2, 3), keepdim=True)))


class DownUp(nn.Module):
    def __init__(self, c: int = 8):
        super().__init__()
        self.down = nn.Conv2d(c, 2 * c, 3, stride=2, padding=1)
        self.mid = nn.Conv2d(2 * c, 2 * c, 3, padding=1)
        self.up = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
        self.ca = ChannelAttention(c)

    def forward(self, x):
        return x + self.ca(self.up(F.gelu(self.mid(F.gelu(self.down(x))))))


class Model(nn.Module):
    """Denoising U-Net that needs H and W divisible by 4; pads, runs, crops back."""

    def __init__(self, multiple: int = 4):
        super().__init__()
        self.multiples = (multiple, multiple)
        self.inp = nn.Conv2d(3, 8, 3, padding=1)
        self.body = nn.Sequential(DownUp(8), DownUp(8))
        self.out = nn.Conv2d(8, 3, 3, padding=1)

    def forward(self, img: Tensor) -> Tensor:
        h, w = img.shape[-2:]
        x = pad_to_multiple(img, self.multiples)
        x = self.out(self.body(self.inp(x)))
        return img + x[..., :h, :w]


def inputs():
    torch.manual_seed(5616)
    return [(torch.randn(1, 3, 18, 21),), (torch.randn(2, 3, 16, 13),)]
