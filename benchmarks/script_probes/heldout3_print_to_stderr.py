# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import sys

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.shape[0] > 100:
            print("large batch", x.shape[0], file=sys.stderr)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
