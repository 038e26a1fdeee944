# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict, Tuple

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        grid: Dict[Tuple[int, int], torch.Tensor] = {}
        for i in range(2):
            grid[(i, i + 1)] = self.fc(x) * i
        return grid[(1, 2)] + grid[(0, 1)]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
