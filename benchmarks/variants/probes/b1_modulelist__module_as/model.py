import torch
from torch import nn
from . import helpers as h
from .helpers import Block


class Model(nn.Module):
    def __init__(self, depth: int = 3, dim: int = 8):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])

    def forward(self, x):
        return h.model_forward(self, x)


def inputs():
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8),)]
