# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @torch.no_grad()
    def _target(self, x):
        return self.fc(x).softmax(-1)

    def forward(self, x):
        return self.fc(x) - self._target(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
