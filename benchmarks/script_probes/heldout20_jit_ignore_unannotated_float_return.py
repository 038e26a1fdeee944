# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class CosineScheduledDropPath(nn.Module):
    def __init__(self, dim: int = 8, total_steps: int = 100):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.total_steps = total_steps
        self.step = 10

    @torch.jit.ignore
    def schedule(self, step):
        return 0.5 * (1.0 + math.cos(math.pi * step / self.total_steps))

    def forward(self, x):
        gain = self.schedule(self.step)
        return x + gain * self.proj(x)


Model = CosineScheduledDropPath


def inputs():
    torch.manual_seed(2007)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
