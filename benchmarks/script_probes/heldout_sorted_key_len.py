# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = ["bb", "a", "ccc"]

    def forward(self, x):
        order = sorted(self.names, key=len)
        return x * len(order[0])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
