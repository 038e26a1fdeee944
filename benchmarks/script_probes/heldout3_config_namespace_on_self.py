# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import types

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = types.SimpleNamespace(scale=0.5, residual=True)
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x) * self.cfg.scale
        if self.cfg.residual:
            y = y + x
        return y


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
