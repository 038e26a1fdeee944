import functools
import torch
import torch.nn.functional as F
from torch import nn


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 2, 2, stride=2)

    @passthrough
    def forward(self, x):
        if x.size(-1) % 2 == 1:
            x = F.pad(x, (0, 1))
        return self.conv(x)


def inputs():
    return [(torch.randn(1, 2, 6),), (torch.randn(1, 2, 7),)]
