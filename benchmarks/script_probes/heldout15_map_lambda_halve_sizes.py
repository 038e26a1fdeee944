# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, x):
        size: List[int] = list(map(lambda s: s // 2, x.shape[-2:]))
        y = F.interpolate(self.conv(x), size=size, mode="bilinear", align_corners=False)
        return y


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 10, 14),)]
