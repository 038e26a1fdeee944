# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

_CALLS = 0


def bump() -> int:
    global _CALLS
    _CALLS = _CALLS + 1
    return _CALLS


class Model(nn.Module):
    def forward(self, x):
        bump()
        return x + 1


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
