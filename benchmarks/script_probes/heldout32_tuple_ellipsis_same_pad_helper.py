# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def same_padding(kernel: Tuple[int, ...], dilation: int = 1) -> List[int]:
    pad: List[int] = []
    for k in kernel:
        total = dilation * (k - 1)
        pad = [total // 2, total - total // 2] + pad
    return pad


class SameConv2d(nn.Conv2d):
    """TF-style 'SAME' convolution: pads explicitly, computed from the kernel size tuple."""

    def __init__(self):
        super().__init__(3, 4, (3, 4), padding=0)

    def forward(self, x: Tensor) -> Tensor:
        x = F.pad(x, same_padding(self.kernel_size))
        return self._conv_forward(x, self.weight, self.bias)


Model = SameConv2d


def inputs():
    torch.manual_seed(3208)
    return [(torch.randn(1, 3, 6, 6),), (torch.randn(2, 3, 5, 9),)]
