# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import time

import torch
from torch import nn


class TimedEncoder(nn.Module):
    def __init__(self, dim: int = 16, depth: int = 2):
        super().__init__()
        self.layers = nn.Sequential(*[nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])
        self.last_latency_ms = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        start = time.perf_counter()
        y = self.layers(x)
        self.last_latency_ms = (time.perf_counter() - start) * 1000.0
        return y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = TimedEncoder()
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 16),), (torch.randn(3, 7, 16),)]
