# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _remember(self, t):
        self.last_hidden = t.detach()
        return t

    def forward(self, x):
        h = self._remember(self.fc(x))
        return torch.tanh(h)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
