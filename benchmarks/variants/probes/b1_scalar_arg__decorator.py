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
        self.fc = nn.Linear(4, 4)

    @passthrough
    def forward(self, x, temperature: float = 1.0, hard: bool = False):
        logits = self.fc(x) / temperature
        if hard:
            return logits.argmax(-1)
        return logits.softmax(-1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
