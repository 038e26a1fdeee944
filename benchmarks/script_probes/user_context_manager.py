# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @contextlib.contextmanager
    def maybe_autocast(self):
        yield

    def forward(self, x):
        with self.maybe_autocast():
            return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
