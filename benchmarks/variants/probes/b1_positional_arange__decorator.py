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
    def __init__(self, max_len: int = 16, dim: int = 8):
        super().__init__()
        self.pos = nn.Embedding(max_len, dim)

    @passthrough
    def forward(self, x):
        positions = torch.arange(x.size(1), device=x.device)
        return x + self.pos(positions)[None]


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 5, 8),)]
