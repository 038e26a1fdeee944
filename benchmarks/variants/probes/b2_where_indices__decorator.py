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
    def forward(self, scores):
        rows, cols = torch.where(scores > 0.5)
        return scores[rows, cols].sum() + rows.float().sum()


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
