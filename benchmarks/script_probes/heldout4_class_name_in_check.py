# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        if x.dim() != 2:
            raise ValueError(self.__class__.__name__ + " expects 2-D input")
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
