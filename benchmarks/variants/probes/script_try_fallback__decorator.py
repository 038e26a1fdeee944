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
        self.conv = nn.Conv1d(3, 3, 3, padding=1)

    @passthrough
    def forward(self, x):
        try:
            y = self.conv(x)
        except RuntimeError:
            y = x
        return y.relu()


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 5),)]
