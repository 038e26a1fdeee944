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
    def forward(self, ids):
        counts = torch.bincount(ids)
        return counts.float() / ids.numel()


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
