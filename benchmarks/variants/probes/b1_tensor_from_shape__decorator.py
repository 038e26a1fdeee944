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
        size = torch.tensor(x.shape, dtype=torch.float32)
        return x.sum() / size.prod()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
