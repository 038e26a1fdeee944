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
        self.lin = nn.Linear(5, 5)

    @passthrough
    def forward(self, x):
        act = lambda t: t * torch.sigmoid(t)
        return act(self.lin(x))


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
