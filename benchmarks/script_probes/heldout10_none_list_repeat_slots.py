# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List, Optional

import torch
from torch import nn


class SlotCache(nn.Module):
    def __init__(self, dim: int = 4, slots: int = 3):
        super().__init__()
        self.slots = slots
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        cache: List[Optional[torch.Tensor]] = [None] * self.slots
        for i in range(x.shape[0]):
            cache[i % self.slots] = self.fc(x[i])
        out = torch.zeros(x.shape[1])
        for item in cache:
            if item is not None:
                out = out + item
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = SlotCache()

    def forward(self, x):
        return self.cache(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
