# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from collections import namedtuple

import torch
from torch import nn

Dims = namedtuple("Dims", ["inner", "outer"])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.dims = Dims(4, 4)
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x)[:, : self.dims.inner]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
