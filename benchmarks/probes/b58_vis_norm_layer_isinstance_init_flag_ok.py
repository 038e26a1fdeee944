# ruff: noqa  (a probe is written as users write models)
from functools import partial

import torch
import torch.nn as nn

NORM_LAYERS = {
    "ln": partial(nn.LayerNorm, eps=1e-6),
    "bn": nn.BatchNorm2d,
    "gn": partial(nn.GroupNorm, 4),
}


def build_norm(kind: str, dim: int) -> nn.Module:
    return NORM_LAYERS[kind](dim)


class DownsampleStage(nn.Module):
    """Patch-merging downsample whose norm is picked from a registry; LayerNorm wants
    channels last, the other norms take NCHW. The norm's type is checked once, at
    construction, and forward branches on the stored bool."""

    def __init__(self, c_in: int, c_out: int, norm: str):
        super().__init__()
        self.norm = build_norm(norm, c_in)
        self.channels_last_norm = isinstance(self.norm, nn.LayerNorm)
        self.reduce = nn.Conv2d(c_in, c_out, 2, stride=2)
        self.mix = nn.Sequential(nn.Conv2d(c_out, c_out, 3, padding=1, groups=c_out), nn.GELU(), nn.Conv2d(c_out, c_out, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.channels_last_norm:
            x = self.norm(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)
        else:
            x = self.norm(x)
        x = self.reduce(x)
        return x + self.mix(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.stages = nn.Sequential(
            DownsampleStage(8, 16, "ln"),
            DownsampleStage(16, 24, "bn"),
            DownsampleStage(24, 32, "gn"),
        )
        self.head = nn.Linear(32, 7)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = self.stages(self.stem(img))
        return self.head(x.mean(dim=(2, 3)))


def inputs():
    torch.manual_seed(5823)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(3, 3, 16, 24),)]
