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
    def forward(self, x, lengths):
        longest = int(lengths.max())
        return x[:, :longest].sum(1)


def inputs():
    return [
        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
    ]
