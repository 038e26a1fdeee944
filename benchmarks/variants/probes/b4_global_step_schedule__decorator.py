import functools
import torch
from torch import nn

STEP = 0


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    @passthrough
    def forward(self, x):
        global STEP
        STEP += 1  # breaks: compile,export,trace
        warmup = min(1.0, STEP / 10)
        return self.fc(x) * warmup


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
