import functools
import numpy as np
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
    def forward(self, q, k):
        scale = 1.0 / np.sqrt(q.shape[-1])
        return (q @ k.transpose(-2, -1)) * scale


def inputs():
    return [(torch.randn(2, 3, 4), torch.randn(2, 3, 4)), (torch.randn(1, 5, 4), torch.randn(1, 5, 4))]
