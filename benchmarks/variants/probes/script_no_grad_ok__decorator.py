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
        self.lin = nn.Linear(4, 2)
        self.register_buffer("running", torch.zeros(4))

    @passthrough
    def forward(self, x):
        with torch.no_grad():
            stats = x.mean(0)
        return self.lin(x - stats + self.running)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
