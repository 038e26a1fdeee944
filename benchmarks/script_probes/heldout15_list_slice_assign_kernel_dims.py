# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(2, 2, 1)

    def forward(self, x):
        shape: List[int] = list(x.shape)
        shape[2:4] = [shape[2] // 2, shape[3] * 2]
        return self.proj(x).reshape(shape)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 4, 6),), (torch.randn(3, 2, 8, 2),)]
