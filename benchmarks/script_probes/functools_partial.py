# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import functools

import torch.nn.functional as F
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        act = functools.partial(F.gelu, approximate="tanh")
        return act(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
