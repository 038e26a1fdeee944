# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Pyramid(nn.Module):
    __constants__ = ["scales"]

    def __init__(self, scales=[1, 2, 4]):
        super().__init__()
        self.scales = scales
        self.fc = nn.Linear(len(scales), 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pooled = []
        for s in self.scales:
            pooled.append(torch.nn.functional.avg_pool1d(x, s).mean(-1))
        return self.fc(torch.cat(pooled, 1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pyr = Pyramid()

    def forward(self, x):
        return self.pyr(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 1, 8),), (torch.randn(3, 1, 12),)]
