# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.size(0) > 100:
            return None
        return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = Gate()

    def forward(self, x):
        out = self.gate(x)
        return x if out is None else out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
