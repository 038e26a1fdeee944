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
    def forward(self, a):
        x = torch.ones_like(a)
        err = (x * x - a).abs().max()
        while err > 1e-4:
            x = 0.5 * (x + a / x)
            err = (x * x - a).abs().max()
        return x


def inputs():
    return [(torch.rand(3) + 1,), (torch.rand(3) * 100 + 1,)]
