# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Dict

import torch
from torch import nn


class ScaledResidual(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.defaults: Dict[str, float] = {"alpha": 1.0, "beta": 0.5}

    def _options(self, alpha: float) -> Dict[str, float]:
        return {**self.defaults, "alpha": alpha}

    def forward(self, x: torch.Tensor, alpha: float = 2.0) -> torch.Tensor:
        opts = self._options(alpha)
        return opts["alpha"] * x + opts["beta"] * self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = ScaledResidual(4)

    def forward(self, x):
        return self.block(x, 0.25)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
