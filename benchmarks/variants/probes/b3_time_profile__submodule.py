import time

import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.last_ms = 0.0

    def forward(self, x):
        start = time.perf_counter()  # breaks: compile
        y = self.fc(x).relu()
        self.last_ms = (time.perf_counter() - start) * 1000  # breaks: compile
        return y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
