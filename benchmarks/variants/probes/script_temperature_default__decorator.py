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
        self.head = nn.Linear(6, 4)

    @passthrough
    def forward(self, x, temperature=1.0):
        return (self.head(x) / temperature).log_softmax(-1)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
