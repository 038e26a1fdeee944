# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


def same_pad(x: torch.Tensor, kernel: List[int], stride: List[int], dilation: List[int]) -> torch.Tensor:
    """TF-style 'SAME' padding for N-d convolutions (last len(kernel) dims are spatial)."""
    pads: List[int] = []
    for i in range(len(kernel) - 1, -1, -1):
        size = x.shape[x.dim() - len(kernel) + i]
        out = (size + stride[i] - 1) // stride[i]
        # kernel >= stride in every layer here, so the total is never negative
        total = (out - 1) * stride[i] + (kernel[i] - 1) * dilation[i] + 1 - size
        pads.append(total // 2)
        pads.append(total - total // 2)
    return F.pad(x, pads)


class Conv3dSame(nn.Conv3d):
    """Conv3d whose padding is computed per input, as in checkpoints ported from TF video models."""

    def __init__(self, cin: int, cout: int, k: int, s: int = 1):
        super().__init__(cin, cout, k, stride=s, padding=0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = same_pad(x, list(self.kernel_size), list(self.stride), list(self.dilation))
        return F.conv3d(x, self.weight, self.bias, self.stride, 0, self.dilation, self.groups)


class Unit3D(nn.Module):
    def __init__(self, cin: int, cout: int, k: int, s: int = 1):
        super().__init__()
        self.conv = Conv3dSame(cin, cout, k, s)
        self.bn = nn.BatchNorm3d(cout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.bn(self.conv(x)))


class Model(nn.Module):
    """Tiny I3D-flavoured clip classifier."""

    def __init__(self, classes: int = 7):
        super().__init__()
        self.stem = Unit3D(3, 8, 5, 2)
        self.b1 = Unit3D(8, 16, 3, 2)
        self.b2 = Unit3D(16, 16, 3, 1)
        self.fc = nn.Linear(16, classes)

    def forward(self, clip: torch.Tensor) -> torch.Tensor:
        x = self.b2(self.b1(self.stem(clip)))
        return self.fc(x.mean(dim=(2, 3, 4)))


def inputs():
    torch.manual_seed(6015)
    return [(torch.randn(2, 3, 8, 32, 32),), (torch.randn(1, 3, 7, 29, 35),)]
