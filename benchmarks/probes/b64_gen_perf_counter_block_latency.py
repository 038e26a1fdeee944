# ruff: noqa  (a probe is written as users write models)
import time

import torch
import torch.nn as nn


class Model(nn.Module):
    """Decoder block that times itself for a profiling dashboard: the wall-clock cost of
    the MLP is kept on the module after every call."""

    def __init__(self, d: int = 16):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.last_ms = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        start = time.perf_counter()  # breaks: compile,script
        y = x + self.mlp(self.norm(x))
        self.last_ms = (time.perf_counter() - start) * 1000.0
        return y


def inputs():
    torch.manual_seed(6403)
    return [(torch.randn(2, 7, 16),), (torch.randn(3, 4, 16),)]
