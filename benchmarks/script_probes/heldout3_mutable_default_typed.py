# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def pool(self, x: torch.Tensor, dims: List[int] = [-1]) -> torch.Tensor:
        return x.mean(dims, keepdim=True)

    def forward(self, x):
        return self.fc(x) - self.pool(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
