# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ConvStem(nn.Module):
    """Stem that lays activations out in the memory format chosen at construction time."""

    def __init__(self, channels_last: bool = True):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.memory_format = (
            torch.channels_last if channels_last else torch.contiguous_format
        )

    def forward(self, x: Tensor) -> Tensor:
        x = x.contiguous(memory_format=self.memory_format)
        return torch.relu(self.bn(self.conv(x)))


Model = ConvStem


def inputs():
    torch.manual_seed(4206)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
