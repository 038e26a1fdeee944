# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class UpBlock(nn.Module):
    def __init__(self, in_ch: int, skip_ch: int, out_ch: int):
        super().__init__()
        self.reduce = nn.Conv2d(in_ch, out_ch, 1)
        self.fuse = nn.Sequential(
            nn.Conv2d(out_ch + skip_ch, out_ch, 3, padding=1),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
        )

    def forward(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        size = tuple(skip.shape[2:])
        x = F.interpolate(self.reduce(x), size=size, mode="nearest")
        return self.fuse(torch.cat([x, skip], dim=1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.up1 = UpBlock(16, 8, 8)
        self.up2 = UpBlock(8, 4, 4)
        self.head = nn.Conv2d(4, 2, 1)

    def forward(self, deep, mid, shallow):
        x = self.up1(deep, mid)
        x = self.up2(x, shallow)
        return self.head(x)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(1, 16, 4, 4), torch.randn(1, 8, 8, 8), torch.randn(1, 4, 16, 16)),
        (torch.randn(2, 16, 3, 5), torch.randn(2, 8, 7, 9), torch.randn(2, 4, 13, 17)),
    ]
