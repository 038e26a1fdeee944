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
    def forward(self, labels, feats):
        classes = torch.unique(labels)
        return feats[:, : classes.numel()].sum(-1)


def inputs():
    return [
        (torch.tensor([0, 1, 1, 2]), torch.randn(4, 5)),
        (torch.tensor([0, 0, 0, 0]), torch.randn(4, 5)),
    ]
