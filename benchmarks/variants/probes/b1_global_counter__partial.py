import functools
import torch
from torch import nn

CALLS = 0


def model_forward(self, x):
    global CALLS
    CALLS += 1
    return x * CALLS


class Model(nn.Module):
    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
