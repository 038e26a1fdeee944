import functools
import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x):
    b, t, d = x.shape
    pad = (self.patch - t % self.patch) % self.patch
    if pad > 0:  # breaks: trace
        x = F.pad(x, (0, 0, 0, pad))
    x = x.reshape(b, -1, self.patch * d)
    return self.proj(x)


class Model(nn.Module):
    def __init__(self, dim: int = 8, patch: int = 4):
        super().__init__()
        self.patch = patch
        self.proj = nn.Linear(dim * patch, dim)

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 6, 8),)]
