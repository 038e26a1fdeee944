import warnings

import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8, max_len: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.max_len = max_len

    def forward(self, x):
        if x.size(1) > self.max_len:  # breaks: trace
            warnings.warn("input longer than max_len, truncating")  # breaks: compile
            x = x[:, : self.max_len]
        return self.fc(x).mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 6, 8),)]
