# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SqueezeExcite(nn.Module):
    """Squeeze-and-excitation gate ported from a NumPy reference implementation."""

    def __init__(self, ch: int = 8, r: int = 4):
        super().__init__()
        self.fc1 = nn.Conv2d(ch, ch // r, 1)
        self.fc2 = nn.Conv2d(ch // r, ch, 1)

    def forward(self, x: Tensor) -> Tensor:
        s = x.mean((2, 3), keepdims=True)
        return x * torch.sigmoid(self.fc2(self.fc1(s).relu()))


Model = SqueezeExcite


def inputs():
    torch.manual_seed(3909)
    return [(torch.randn(1, 8, 4, 4),), (torch.randn(2, 8, 3, 5),)]
