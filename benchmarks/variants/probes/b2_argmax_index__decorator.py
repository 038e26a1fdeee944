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
        best = int(torch.argmax(x[0]))
        return x[:, best]


def inputs():
    return [(torch.tensor([[0.0, 5.0, 1.0], [1.0, 2.0, 3.0]]),), (torch.tensor([[9.0, 0.0, 1.0], [4.0, 2.0, 3.0]]),)]
