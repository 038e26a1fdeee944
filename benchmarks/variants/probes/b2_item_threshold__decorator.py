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
    @passthrough
    def forward(self, x):
        peak = x.abs().max().item()
        if peak > 10:
            x = x / peak
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
