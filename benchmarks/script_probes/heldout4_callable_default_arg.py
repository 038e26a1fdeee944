# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _project(self, x, activation=torch.sigmoid):
        return activation(self.fc(x))

    def forward(self, x):
        return self._project(x) + x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
