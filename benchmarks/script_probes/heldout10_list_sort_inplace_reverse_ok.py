# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import List

import torch
from torch import nn


class TopChannels(nn.Module):
    def __init__(self, dim: int = 6, keep: int = 3):
        super().__init__()
        self.keep = keep
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.fc(x)
        energy: List[float] = h.pow(2).mean(0).tolist()
        ranked = list(energy)
        ranked.sort(reverse=True)
        cutoff = ranked[self.keep - 1]
        mask = (h.pow(2).mean(0) >= cutoff).to(h.dtype)
        return h * mask


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.top = TopChannels()

    def forward(self, x):
        return self.top(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 6),), (torch.randn(7, 6),)]
