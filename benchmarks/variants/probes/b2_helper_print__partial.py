import functools
import torch
from torch import nn


def trace_shape(name, t):
    print(name, tuple(t.shape))
    return t


def model_forward(self, x):
    h = trace_shape("hidden", self.fc(x))
    return h.relu()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
