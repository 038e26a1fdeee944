# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Literal

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, reduction: Literal["mean", "sum"] = "mean"):
        y = self.fc(x)
        if reduction == "sum":
            return y.sum(0)
        return y.mean(0)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4), "sum")]
