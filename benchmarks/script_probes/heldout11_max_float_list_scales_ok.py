# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class ScaleNormalizer(nn.Module):
    def __init__(self, scales: List[float] = [0.5, 2.0, 1.25]):
        super().__init__()
        self.scales = scales
        self.fc = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        peak = max(self.scales)
        w = torch.tensor([s / peak for s in self.scales], dtype=x.dtype)
        return self.fc(x * w)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = ScaleNormalizer()

    def forward(self, x):
        return self.norm(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
