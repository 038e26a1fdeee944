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
    def forward(self, logits, labels):
        valid = labels != -100
        return logits[valid].logsumexp(-1).mean()


def inputs():
    return [
        (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
        (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
    ]
