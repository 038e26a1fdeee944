# ruff: noqa  (a probe is written as users write models)
from enum import Enum

import torch
import torch.nn as nn


class Reduce(Enum):
    MEAN = "mean"
    SUM = "sum"


def pool_tokens(x: torch.Tensor, how: Reduce = Reduce.MEAN) -> torch.Tensor:
    if how == Reduce.SUM:
        return x.sum(1)
    return x.mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(pool_tokens(x)) + self.fc(pool_tokens(x, Reduce.SUM))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
