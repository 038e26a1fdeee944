import math
from enum import Enum

import torch
import torch.nn as nn


class Upscale(Enum):
    X2 = 2
    X4 = 4

    @property
    def stages(self) -> int:
        return int(math.log2(self.value))


class ResBlock(nn.Module):
    def __init__(self, ch: int, res_scale: float = 0.1):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(True), nn.Conv2d(ch, ch, 3, padding=1))
        self.res_scale = res_scale

    def forward(self, x):
        return x + self.body(x) * self.res_scale


class Model(nn.Module):
    def __init__(self, ch: int = 16, n_blocks: int = 2, scale: Upscale = Upscale.X4):
        super().__init__()
        self.head = nn.Conv2d(3, ch, 3, padding=1)
        self.body = nn.Sequential(*[ResBlock(ch) for _ in range(n_blocks)])
        ups = []
        for _ in range(scale.stages):
            ups += [nn.Conv2d(ch, ch * 4, 3, padding=1), nn.PixelShuffle(2)]
        self.upsample = nn.Sequential(*ups)
        self.tail = nn.Conv2d(ch, 3, 3, padding=1)
        self.register_buffer("rgb_mean", torch.tensor([0.4488, 0.4371, 0.4040]).view(1, 3, 1, 1))

    def forward(self, lr):
        x = self.head(lr - self.rgb_mean)
        x = x + self.body(x)
        return self.tail(self.upsample(x)) + self.rgb_mean


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(1, 3, 8, 8),), (torch.rand(2, 3, 12, 10),)]
