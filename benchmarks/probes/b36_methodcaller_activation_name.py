# ruff: noqa  (a probe is written as users write models)
import operator

import torch
from torch import nn


class NamedActMLP(nn.Module):
    """Activation chosen by name in the config and applied as a tensor method."""

    def __init__(self, dim=8, act="relu"):
        super().__init__()
        self.fc1 = nn.Linear(dim, 16)
        self.fc2 = nn.Linear(16, dim)
        self.act = operator.methodcaller(act)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


Model = NamedActMLP


def inputs():
    torch.manual_seed(3624)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(3, 8),)]
