# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.last_stats: Dict[str, float] = {}

    @torch.jit.unused
    def record(self, h: torch.Tensor) -> torch.Tensor:
        self.last_stats = {"mean": float(h.mean()), "std": float(h.std())}
        return h

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.fc(x))
        h = self.record(h)
        return h * 2.0


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()

    def forward(self, x):
        return self.enc(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
