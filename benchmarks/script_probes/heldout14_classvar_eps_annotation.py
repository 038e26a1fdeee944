# ruff: noqa  (a probe is written as users write models)
from typing import ClassVar

import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    eps: ClassVar[float] = 1e-6

    def __init__(self, dim: int):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        return x * rms * self.weight


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.norm = RMSNorm(8)

    def forward(self, x):
        return self.norm(self.fc(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
