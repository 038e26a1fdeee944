import functools
import torch
from torch import nn


def safe_normalize(t):
    norm = t.norm(dim=-1, keepdim=True)
    if norm.min() < 1e-6:
        norm = norm.clamp_min(1e-6)
    return t / norm


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @passthrough
    def forward(self, x):
        return safe_normalize(self.fc(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.zeros(3, 4),)]
