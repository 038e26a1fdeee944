# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class MultiScaleMix(nn.Module):
    def __init__(self):
        super().__init__()
        self.kernels: List[int] = [1, 3, 5]
        self.dilations: List[int] = [1, 1, 2]
        self.weights: List[float] = [0.5, 0.3, 0.2]
        self.conv = nn.Conv1d(2, 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.zeros_like(x)
        for k, d, w in zip(self.kernels, self.dilations, self.weights):
            pad = (k // 2) * d
            pooled = torch.nn.functional.avg_pool1d(x, k, stride=1, padding=k // 2)
            out = out + w * pooled * (pad + 1)
        return self.conv(out)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = MultiScaleMix()

    def forward(self, x):
        return self.mix(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 8),), (torch.randn(3, 2, 6),)]
