import functools
import torch
from torch import nn


def model_forward(self, x):
    x = self.proj(x)
    b, c, h, w = x.shape
    x = x.flatten(2).transpose(1, 2)
    return x + self.pos[:, : h * w]


class Model(nn.Module):
    def __init__(self, patch: int = 2, dim: int = 8):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, 16, dim))

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 4, 4),)]
