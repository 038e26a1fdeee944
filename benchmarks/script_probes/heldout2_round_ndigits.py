# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, ratio: float = 0.3333):
        super().__init__()
        self.ratio = ratio

    def forward(self, x):
        r = round(self.ratio, 2)
        return x * r


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
