import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, patch: int = 2, dim: int = 8):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos = nn.Parameter(torch.zeros(1, 16, dim))

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 4, 4),)]
