import functools
import torch
from torch import nn


def model_forward(self, x):
    peak = x.abs().max().item()
    if peak > 10:
        x = x / peak
    return x


class Model(nn.Module):
    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 100,)]
