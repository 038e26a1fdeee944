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
        self.log_temp = nn.Parameter(torch.tensor(0.5))

    @passthrough
    def forward(self, x):
        temp = self.log_temp.exp().item()  # breaks: compile
        logits = self.fc(x) / temp
        return logits.softmax(-1)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
