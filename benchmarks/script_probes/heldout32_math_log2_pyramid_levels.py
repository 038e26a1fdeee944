# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class PyramidPool(nn.Module):
    """Pools a feature map down to 1x1 in halving steps; the number of steps follows from the
    spatial size, as FPN-style code computes levels."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.proj = nn.Conv2d(ch, ch, 1)

    def num_levels(self, size: int) -> int:
        return int(math.log2(size))

    def forward(self, x: Tensor) -> Tensor:
        feats = [x.mean((2, 3))]
        for _ in range(self.num_levels(x.size(-1))):
            x = F.avg_pool2d(self.proj(x), 2)
            feats.append(x.mean((2, 3)))
        return torch.stack(feats, 1)


Model = PyramidPool


def inputs():
    torch.manual_seed(3210)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 4, 4),)]
