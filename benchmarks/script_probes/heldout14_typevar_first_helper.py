# ruff: noqa  (a probe is written as users write models)
from typing import List, TypeVar

import torch
import torch.nn as nn

T = TypeVar("T")


def last(items: List[T]) -> T:
    return items[len(items) - 1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])

    def forward(self, x):
        feats = []
        for blk in self.blocks:
            x = torch.tanh(blk(x))
            feats.append(x)
        return last(feats)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
