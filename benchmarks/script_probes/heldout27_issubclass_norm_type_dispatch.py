# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ConvNormBlock(nn.Module):
    """Vision block: batch-norm variants get a different residual scaling than others."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.BatchNorm2d(channels)

    def forward(self, x):
        y = self.norm(self.conv(x))
        if issubclass(type(self.norm), nn.modules.batchnorm._BatchNorm):
            y = y * 0.5
        return x + torch.relu(y)


Model = ConvNormBlock


def inputs():
    torch.manual_seed(2706)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 5, 7),)]
