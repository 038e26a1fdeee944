# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class NamedOutputs(nn.Module):
    def __init__(self, dim: int, prefix: str = ""):
        super().__init__()
        self.prefix = prefix
        self.proj = nn.Linear(dim, dim)

    def _key(self, name: str) -> str:
        if self.prefix:
            return self.prefix + "." + name
        return name

    def forward(self, x: torch.Tensor) -> Dict[str, torch.Tensor]:
        y = self.proj(x)
        return {self._key("hidden"): y, self._key("pooled"): y.mean(0)}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.outs = NamedOutputs(4, "enc")

    def forward(self, x):
        return self.outs(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
