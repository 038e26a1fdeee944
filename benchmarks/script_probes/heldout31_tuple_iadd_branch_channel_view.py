# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def channel_view(v: Tensor, ndim: int) -> Tensor:
    shape = (1, -1)
    if ndim == 4:
        shape += (1, 1)
    return v.view(shape)


class AffineChannel(nn.Module):
    """Frozen-BN style per-channel affine for 2d (B, C) or 4d (B, C, H, W) inputs."""

    def __init__(self, channels: int = 3):
        super().__init__()
        self.weight = nn.Parameter(torch.linspace(0.5, 1.5, channels))
        self.bias = nn.Parameter(torch.linspace(-0.1, 0.1, channels))

    def forward(self, x: Tensor) -> Tensor:
        return x * channel_view(self.weight, x.dim()) + channel_view(self.bias, x.dim())


Model = AffineChannel


def inputs():
    torch.manual_seed(3105)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(5, 3),)]
