# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import functools

import torch
from torch import nn


def run_in_fp32(fn):
    @functools.wraps(fn)
    def wrapper(self, x):
        return fn(self, x.float()).to(x.dtype)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @run_in_fp32
    def forward(self, x):
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4, dtype=torch.float64),), (torch.randn(3, 4, dtype=torch.float64),)]
