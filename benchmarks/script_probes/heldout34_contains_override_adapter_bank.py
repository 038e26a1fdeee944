# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class AdapterBank(nn.Module):
    """Holds named adapters; membership is asked with `in` through a __contains__ override."""

    def __init__(self, dim: int, names: List[str]):
        super().__init__()
        self.names = names
        self.adapters = nn.ModuleList([nn.Linear(dim, dim) for _ in names])

    def __contains__(self, name: str) -> bool:
        return name in self.names

    def forward(self, x: Tensor) -> Tensor:
        return x + self.adapters[0](x)


class AdaptedLayer(nn.Module):
    """Applies the adapter bank only when the task has an adapter registered."""

    def __init__(self, dim: int = 6, task: str = "ner"):
        super().__init__()
        self.task = task
        self.fc = nn.Linear(dim, dim)
        self.bank = AdapterBank(dim, ["ner", "pos"])

    def forward(self, x: Tensor) -> Tensor:
        h = self.fc(x)
        if self.task in self.bank:
            h = self.bank(h)
        return h


Model = AdaptedLayer


def inputs():
    torch.manual_seed(3414)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
