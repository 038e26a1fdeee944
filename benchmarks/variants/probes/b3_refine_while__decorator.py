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
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @passthrough
    def forward(self, x):
        h = self.fc(x)
        steps = 0
        while h.abs().max() > 1.0 and steps < 10:  # breaks: compile,export,trace
            h = h / 2
            steps += 1
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8) * 20,)]
