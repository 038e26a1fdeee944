import time

import torch
from torch import nn


class Timer:
    def __init__(self, stats, name):
        self.stats = stats
        self.name = name

    def __enter__(self):
        self.start = time.perf_counter()  # breaks: compile
        return self

    def __exit__(self, *exc):
        self.stats[self.name] = time.perf_counter() - self.start  # breaks: compile
        return False


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.stats = {}

    def forward(self, x):
        with Timer(self.stats, "mlp"):
            y = self.mlp(x)
        return y + x


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
