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
    def __init__(self):
        super().__init__()
        self.k = nn.Linear(4, 4)
        self.cache = {}

    @passthrough
    def forward(self, x):
        key = self.k(x)
        if "prev" in self.cache:
            key = key + self.cache["prev"][: key.shape[0]]
        self.cache["prev"] = key.detach()
        return key


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
