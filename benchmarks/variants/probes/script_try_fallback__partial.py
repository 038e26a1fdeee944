import functools
import torch
from torch import nn


def model_forward(self, x):
    try:
        y = self.conv(x)
    except RuntimeError:
        y = x
    return y.relu()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 3, 3, padding=1)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 5),)]
