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
        self.fc = nn.Linear(4, 4)
        self.step = 0

    @passthrough
    def forward(self, x):
        self.step += 1
        warm = min(1.0, self.step / 10)
        return self.fc(x) * warm


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
