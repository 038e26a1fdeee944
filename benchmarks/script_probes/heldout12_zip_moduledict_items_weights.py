# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
import torch.nn as nn


class TaskHeads(nn.Module):
    def __init__(self, dim: int = 6, weights: List[float] = [1.0, 0.3]):
        super().__init__()
        self.heads = nn.ModuleDict({"main": nn.Linear(dim, 3), "aux": nn.Linear(dim, 3)})
        self.weights = list(weights)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.zeros(x.shape[0], 3)
        for (name, head), w in zip(self.heads.items(), self.weights):
            out = out + w * head(x)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 6)
        self.heads = TaskHeads()

    def forward(self, x):
        return self.heads(torch.relu(self.body(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
