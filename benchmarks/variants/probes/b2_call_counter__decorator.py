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
        self.num_calls = 0
        self.fc = nn.Linear(4, 4)

    @passthrough
    def forward(self, x):
        self.num_calls = self.num_calls + 1
        if self.num_calls % 2 == 0:
            return self.fc(x)
        return self.fc(x) * 0.5


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
