# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def parse_groups(spec: str, default: int) -> int:
    try:
        return int(spec)
    except ValueError:
        return default


class GroupedMix(nn.Module):
    def __init__(self, channels: int = 8, groups: str = "4"):
        super().__init__()
        self.groups = groups
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        g = parse_groups(self.groups, 1)
        b, c, h, w = x.shape
        x = x.view(b, g, c // g, h, w).transpose(1, 2).reshape(b, c, h, w)
        return self.conv(x)


Model = GroupedMix


def inputs():
    torch.manual_seed(2137)
    return [(torch.randn(1, 8, 4, 4),), (torch.randn(2, 8, 3, 5),)]
