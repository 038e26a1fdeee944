# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _key(self, t: torch.Tensor) -> str:
        return "x".join(str(s) for s in t.shape)

    def forward(self, x):
        cache: Dict[str, torch.Tensor] = {}
        cache[self._key(x)] = self.fc(x)
        return cache[self._key(x)] * 2


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
