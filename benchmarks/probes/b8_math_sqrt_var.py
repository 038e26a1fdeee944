import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x):
        q, k = self.q(x), self.k(x)
        scale = math.sqrt(q.var() + 1.0)  # breaks: compile,export,trace
        return torch.softmax(q @ k.transpose(-1, -2) / scale, dim=-1)


def inputs():
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8) * 4,)]
