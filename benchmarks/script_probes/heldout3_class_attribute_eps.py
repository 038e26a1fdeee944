# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    eps = 1e-5

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        return y / (y.abs().sum(-1, keepdim=True) + self.eps)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
