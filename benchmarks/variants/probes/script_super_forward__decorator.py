import functools
import torch
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Linear):
    def __init__(self):
        super().__init__(4, 4)

    @passthrough
    def forward(self, x):
        return torch.tanh(super().forward(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
