# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.groups: List[List[int]] = [[0, 2], [4], [1, 3, 5]]
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        order = sum(self.groups, [])
        return self.fc(x[:, order])


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
