# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SamePadConv(nn.Module):
    """Conv with TensorFlow-style same padding computed from the weight's kernel size."""

    def __init__(self, cin: int = 3, cout: int = 4, kernel: int = 3):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel)

    @property
    def kernel_hw(self) -> Tuple[int, int]:
        return self.conv.weight.shape[-2:]

    def forward(self, x: Tensor) -> Tensor:
        kh, kw = self.kernel_hw
        pad_h, pad_w = kh - 1, kw - 1
        x = F.pad(x, [pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2])
        return self.conv(x)


Model = SamePadConv


def inputs():
    torch.manual_seed(4111)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 5, 7),)]
