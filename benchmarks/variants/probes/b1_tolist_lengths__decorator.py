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
        outs = []
        for i, n in enumerate(lengths.tolist()):
            outs.append(x[i, :n].mean(0))
        return torch.stack(outs)


def inputs():
    return [
        (torch.randn(2, 5, 3), torch.tensor([5, 2])),
        (torch.randn(2, 5, 3), torch.tensor([1, 4])),
    ]
