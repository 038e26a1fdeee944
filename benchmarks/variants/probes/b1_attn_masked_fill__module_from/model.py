import math

import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask):
        return model_forward(self, x, mask)


def inputs():
    return [
        (torch.randn(2, 5, 16), torch.ones(2, 5)),
        (torch.randn(3, 7, 16), torch.tensor([[1.0] * 7, [1.0] * 6 + [0.0], [1.0] * 3 + [0.0] * 4])),
    ]
