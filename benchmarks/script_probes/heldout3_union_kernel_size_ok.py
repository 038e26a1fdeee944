# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Tuple, Union

import torch
from torch import nn


def as_pair(v: Union[int, Tuple[int, int]]) -> Tuple[int, int]:
    if isinstance(v, int):
        return (v, v)
    return v


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        a, b = as_pair(2)
        return self.fc(x).roll(a, -1) + b


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
