import functools
import torch
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    @passthrough
    def forward(self, x):
        total = None
        for block in self.blocks:
            x = block(x)
            total = x if total is None else total + x
        return total


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
