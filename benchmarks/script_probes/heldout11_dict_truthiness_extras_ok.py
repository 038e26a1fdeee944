# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
import torch.nn as nn


class Fuser(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.base = nn.Linear(dim, dim)
        self.extra = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, extras: Dict[str, torch.Tensor]) -> torch.Tensor:
        y = self.base(x)
        if extras:
            for v in extras.values():
                y = y + self.extra(v)
        return y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fuse = Fuser()

    def forward(self, x: torch.Tensor, use_extra: bool):
        extras: Dict[str, torch.Tensor] = {}
        if use_extra:
            extras["aux"] = x * 0.5
        return self.fuse(x, extras)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), True), (torch.randn(3, 4), False)]
