# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer0 = nn.Linear(4, 4)
        self.layer1 = nn.Linear(4, 4)

    def forward(self, x):
        for i in range(2):
            x = getattr(self, "layer" + str(i))(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
