# ruff: noqa  (a probe is written as users write models)
from enum import Enum

import torch
import torch.nn as nn


class Reduce(Enum):
    MEAN = "mean"
    MAX = "max"


class Model(nn.Module):
    def __init__(self, reduce="max"):
        super().__init__()
        self.reduce = reduce
        self.fc = nn.Linear(5, 5)

    def forward(self, x):
        y = self.fc(x)
        if Reduce(self.reduce) == Reduce.MAX:
            return y.amax(1)
        return y.mean(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 5),), (torch.randn(4, 2, 5),)]
