# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

LN_EPS = 1e-6


class ChannelsFirstLayerNorm(nn.Module):
    """ConvNeXt-style LayerNorm over channels of an NCHW map; eps comes from a module global."""

    def __init__(self, channels: int):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))

    def forward(self, x: Tensor) -> Tensor:
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, [x.shape[-1]], self.weight, self.bias, LN_EPS)
        return x.permute(0, 3, 1, 2)


class Block(nn.Module):
    def __init__(self, channels: int = 8):
        super().__init__()
        self.dw = nn.Conv2d(channels, channels, 7, padding=3, groups=channels)
        self.norm = ChannelsFirstLayerNorm(channels)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.norm(self.dw(x))


Model = Block


def inputs():
    torch.manual_seed(3506)
    return [(torch.randn(2, 8, 8, 8),), (torch.randn(1, 8, 5, 6),)]
