import functools
import warnings

import torch
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self, legacy: bool = True):
        super().__init__()
        self.legacy = legacy

    @passthrough
    def forward(self, x):
        if self.legacy:
            warnings.warn("legacy mode is deprecated")
        return x.tanh()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
