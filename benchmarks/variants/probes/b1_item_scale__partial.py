import functools
import torch
from torch import nn


def model_forward(self, x):
    scale = x.abs().max().item()
    return x / (scale + 1e-6)


class Model(nn.Module):
    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
