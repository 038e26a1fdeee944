from random import gauss

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return self.fc(x) + gauss(0.0, 0.1)  # breaks: compile,export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
