# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.shape[-2:] == (3, 4):
            return self.fc(x)
        return x


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
