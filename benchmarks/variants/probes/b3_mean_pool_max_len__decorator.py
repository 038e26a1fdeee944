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
        n = max(x.size(1) - 1, 1)
        h = self.fc(x)
        return (h.sum(1) - h[:, 0]) / n


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 6, 8),)]
