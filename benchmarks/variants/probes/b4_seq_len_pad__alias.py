import torch as T
from torch import nn as tnn
F = T.nn.functional


class Model(tnn.Module):
    def __init__(self, dim: int = 8, patch: int = 4):
        super().__init__()
        self.patch = patch
        self.proj = tnn.Linear(dim * patch, dim)

    def forward(self, x):
        b, t, d = x.shape
        pad = (self.patch - t % self.patch) % self.patch
        if pad > 0:  # breaks: trace
            x = F.pad(x, (0, 0, 0, pad))
        x = x.reshape(b, -1, self.patch * d)
        return self.proj(x)


def inputs():
    return [(T.randn(2, 8, 8),), (T.randn(2, 6, 8),)]
