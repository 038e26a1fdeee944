# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import warnings

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            y = self.fc(x)
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
