import functools
import torch
from torch import nn

EPS = 1e-6


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    @passthrough
    def forward(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).add(EPS).rsqrt()
        return x * rms * self.weight


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
