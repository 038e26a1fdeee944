# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class ScaleTable(nn.Module):
    def __init__(self):
        super().__init__()
        self.offsets: Dict[str, float] = {"0.5": 1.0, "1.0": 2.0, "2.0": 3.0}

    def key(self, scale: float) -> str:
        return str(scale)

    def forward(self, x: torch.Tensor, scale: float) -> torch.Tensor:
        return x + self.offsets.get(self.key(scale), -1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = ScaleTable()

    def forward(self, x):
        return self.table(x, 1.0) + self.table(x * 2, 0.5)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4),)]
