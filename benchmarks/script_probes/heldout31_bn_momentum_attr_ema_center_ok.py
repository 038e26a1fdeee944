# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CenteredBN(nn.Module):
    """BN followed by an extra EMA centering step that reuses the BN layer's momentum."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.bn = nn.BatchNorm1d(channels)
        self.register_buffer("center", torch.linspace(-0.2, 0.2, channels))

    def forward(self, x: Tensor) -> Tensor:
        m = self.bn.momentum
        center = self.center * (1.0 - m) + x.mean(0) * m
        return self.bn(x) - center


Model = CenteredBN


def inputs():
    torch.manual_seed(3104)
    return [(torch.randn(5, 4),), (torch.randn(3, 4),)]
