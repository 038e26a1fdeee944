# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class AdaptiveRefiner(nn.Module):
    def __init__(self, dim: int = 4, steps: List[float] = [1.0, 0.5, 0.25, 0.125]):
        super().__init__()
        self.steps = steps
        self.update = nn.Linear(dim, dim)
        self.tol = 0.05

    def forward(self, x: torch.Tensor):
        for i, step in enumerate(self.steps):
            delta = torch.tanh(self.update(x)) * step
            x = x - delta
            if float(delta.abs().max()) < self.tol:
                break
        return x, i


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.refiner = AdaptiveRefiner()

    def forward(self, x):
        return self.refiner(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 0.01,)]
