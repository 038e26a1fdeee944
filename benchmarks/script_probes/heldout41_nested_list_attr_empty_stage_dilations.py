# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class DilatedStages(nn.Module):
    """Stages of dilated depthwise convs; a stage with no extra dilations is an empty list."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.stage_dilations = [[1, 2], [], [3]]
        self.weight = nn.Parameter(torch.randn(channels, 1, 3, 3) * 0.1)
        self.channels = channels

    def forward(self, x: Tensor) -> Tensor:
        for dilations in self.stage_dilations:
            for d in dilations:
                x = x + F.conv2d(x, self.weight, padding=d, dilation=d, groups=self.channels)
            x = F.gelu(x)
        return x


Model = DilatedStages


def inputs():
    torch.manual_seed(4108)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 6, 5),)]
