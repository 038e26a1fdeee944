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
    def forward(self, x, eps: float = 1e-5, clip: bool = True):
        x = x / (x.std(-1, keepdim=True) + eps)
        if clip and eps < 1.0:
            x = x.clamp(-3.0, 3.0)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
