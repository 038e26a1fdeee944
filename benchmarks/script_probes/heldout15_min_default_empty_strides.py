# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, strides=(8, 16, 32)):
        super().__init__()
        self.strides = list(strides)
        self.head = nn.Linear(4, 4)

    def forward(self, x):
        usable: List[int] = []
        for s in self.strides:
            if s <= x.size(-1):
                usable.append(s)
        base = min(usable, default=1)
        return self.head(x) / base


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
