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
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @passthrough
    def forward(self, x, mask):
        if not mask.any():  # breaks: compile,export,trace
            return x
        h = self.fc(x)
        return torch.where(mask[:, None], h, x)


def inputs():
    return [
        (torch.randn(3, 8), torch.tensor([False, False, False])),
        (torch.randn(4, 8), torch.tensor([True, False, True, False])),
    ]
