# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale: Dict[str, float] = {"4x4": 0.5, "8x8": 0.25, "6x6": 1.0}
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, x):
        key = "{}x{}".format(*x.shape[-2:])
        return self.conv(x) * self.scale.get(key, 1.0)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 8, 8),), (torch.randn(1, 2, 5, 5),)]
