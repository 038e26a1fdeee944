# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MinibatchStdLayer(nn.Module):
    def __init__(self, group_size: int = 4, num_channels: int = 1):
        super().__init__()
        self.group_size = group_size
        self.num_channels = num_channels

    def forward(self, x: Tensor) -> Tensor:
        N, C, H, W = x.shape
        G = min(self.group_size, N) if self.group_size is not None else N  # breaks: trace
        F_ = self.num_channels
        c = C // F_
        y = x.reshape(G, -1, F_, c, H, W)
        y = y - y.mean(dim=0)
        y = y.square().mean(dim=0)
        y = (y + 1e-8).sqrt()
        y = y.mean(dim=[2, 3, 4])
        y = y.reshape(-1, F_, 1, 1)
        y = y.repeat(G, 1, H, W)
        return torch.cat([x, y], dim=1)


class DiscriminatorBlock(nn.Module):
    def __init__(self, in_ch: int, out_ch: int):
        super().__init__()
        self.conv0 = nn.Conv2d(in_ch, in_ch, 3, padding=1)
        self.conv1 = nn.Conv2d(in_ch, out_ch, 3, stride=2, padding=1)
        self.skip = nn.Conv2d(in_ch, out_ch, 1, stride=2, bias=False)

    def forward(self, x: Tensor) -> Tensor:
        y = self.skip(x)
        x = F.leaky_relu(self.conv0(x), 0.2)
        x = F.leaky_relu(self.conv1(x), 0.2)
        return (x + y) * (0.5 ** 0.5)


class Discriminator(nn.Module):
    def __init__(self, channels: List[int] = [8, 16, 16], mbstd_group_size: int = 4):
        super().__init__()
        self.from_rgb = nn.Conv2d(3, channels[0], 1)
        self.blocks = nn.Sequential(*[DiscriminatorBlock(a, b) for a, b in zip(channels[:-1], channels[1:])])
        self.mbstd = MinibatchStdLayer(mbstd_group_size)
        self.conv = nn.Conv2d(channels[-1] + 1, channels[-1], 3, padding=1)
        self.fc = nn.Linear(channels[-1] * 4 * 4, 1)

    def forward(self, img: Tensor) -> Tensor:
        x = F.leaky_relu(self.from_rgb(img), 0.2)
        x = self.blocks(x)
        x = self.mbstd(x)
        x = F.leaky_relu(self.conv(x), 0.2)
        return self.fc(x.flatten(1))


Model = Discriminator


def inputs():
    torch.manual_seed(5018)
    return [
        (torch.randn(8, 3, 16, 16),),
        (torch.randn(2, 3, 16, 16),),
        (torch.randn(3, 3, 16, 16),),
    ]
