# ruff: noqa  (a probe is written as users write models)
from collections.abc import Sequence

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def _pair(v):
    if isinstance(v, Sequence):
        return list(v)
    return [v, v]


class BlurPool(nn.Module):
    def __init__(self, kernel=3):
        super().__init__()
        self.kernel = kernel

    def forward(self, x: Tensor) -> Tensor:
        k = _pair(self.kernel)
        return F.avg_pool2d(x, k, stride=1, padding=[k[0] // 2, k[1] // 2])


Model = BlurPool


def inputs():
    torch.manual_seed(2437)
    return [(torch.randn(1, 2, 5, 5),), (torch.randn(2, 2, 4, 6),)]
