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
        y = x if x.mean() > 0 else -x
        return y.exp()


def inputs():
    return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
