from itertools import product

# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def grid(self, h: int, w: int):
        return [i * w + j for i, j in product(range(h), range(w))]

    def forward(self, x):
        return x * len(self.grid(2, 2))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
