# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import itertools

import torch
from torch import nn


class TwoStageEncoder(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.early = nn.ModuleList([nn.Linear(dim, dim) for _ in range(2)])
        self.late = nn.ModuleList([nn.Linear(dim, dim) for _ in range(2)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for layer in itertools.chain(self.early, self.late):
            x = torch.relu(layer(x)) + x
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = TwoStageEncoder()

    def forward(self, x):
        return self.enc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(1, 4),)]
