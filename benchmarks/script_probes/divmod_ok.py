# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        q, r = divmod(x.size(-1), 3)
        return x * (q + r)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
