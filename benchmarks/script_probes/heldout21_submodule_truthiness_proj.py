# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Downsample(nn.Module):
    def __init__(self, cin: int = 4, cout: int = 8):
        super().__init__()
        self.proj = nn.Conv2d(cin, cout, 1) if cin != cout else None
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        shortcut = self.proj(x) if self.proj else x
        return torch.relu(self.conv(x) + shortcut)


Model = Downsample


def inputs():
    torch.manual_seed(2110)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 7),)]
