import functools
import torch
from torch import nn


def model_forward(self, x, scale: float = 1.0):
    y = self.fc(x) * scale
    if self.training:
        y = y + 0.0
    return y.clamp(self.lo, self.hi)


class Model(nn.Module):
    def __init__(self, lo: float = -1.0, hi: float = 1.0):
        super().__init__()
        self.lo = lo
        self.hi = hi
        self.fc = nn.Linear(4, 4)

    def forward(self, x, scale: float = 1.0):
        run = functools.partial(model_forward, self)
        return run(x, scale)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4), 2.0)]
