# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
import torch.nn as nn


class FiLM(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(
        self, x: torch.Tensor, gamma: Optional[torch.Tensor] = None, beta: Optional[torch.Tensor] = None
    ) -> torch.Tensor:
        h = self.fc(x)
        if gamma is None or beta is None:
            return h
        return h * (1 + gamma) + beta


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.film = FiLM()

    def forward(self, x, gamma: Optional[torch.Tensor] = None, beta: Optional[torch.Tensor] = None):
        return self.film(x, gamma, beta)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 6), torch.randn(2, 6), torch.randn(2, 6)),
        (torch.randn(4, 6), None, torch.randn(4, 6)),
        (torch.randn(3, 6), None, None),
    ]
