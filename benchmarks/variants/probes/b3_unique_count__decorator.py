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
    def forward(self, x, labels):
        n_classes = torch.unique(labels).numel()
        h = self.fc(x)
        return h.sum(0) / n_classes


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([0, 1, 1, 2])),
        (torch.randn(5, 8), torch.tensor([3, 3, 3, 3, 1])),
    ]
