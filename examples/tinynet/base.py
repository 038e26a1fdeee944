"""Shared building blocks."""

import torch
from torch import nn


class BaseBlock(nn.Module):
    """A conv block that subclasses extend with a head."""

    def __init__(self, channels: int = 3, width: int = 16) -> None:
        super().__init__()
        self.conv = nn.Conv2d(channels, width, kernel_size=3, padding=1)
        self.norm = nn.BatchNorm2d(width)

    def features(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.norm(self.conv(x)))
