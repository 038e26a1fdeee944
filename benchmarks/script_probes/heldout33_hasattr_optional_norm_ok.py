# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ConvBlock(nn.Module):
    """Conv block whose norm layer exists only in some configs: the attribute is simply not
    created when the config has no norm."""

    def __init__(self, cin: int, cout: int, use_norm: bool):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 3, padding=1)
        if use_norm:
            self.norm = nn.GroupNorm(2, cout)

    def forward(self, x: Tensor) -> Tensor:
        x = self.conv(x)
        if hasattr(self, "norm"):
            x = self.norm(x)
        return torch.relu(x)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ConvBlock(3, 4, True), ConvBlock(4, 4, False))

    def forward(self, x: Tensor) -> Tensor:
        return self.blocks(x)


Model = Encoder


def inputs():
    torch.manual_seed(3320)
    return [(torch.randn(2, 3, 10),), (torch.randn(1, 3, 7),)]
