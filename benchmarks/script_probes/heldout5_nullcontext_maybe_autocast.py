# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 4)
        self.use_amp = False

    def forward(self, x):
        ctx = torch.autocast("cpu") if self.use_amp else contextlib.nullcontext()
        with ctx:
            h = self.fc1(x).relu()
        return self.fc2(h)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
