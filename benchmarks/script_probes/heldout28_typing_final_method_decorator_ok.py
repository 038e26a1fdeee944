# ruff: noqa  (a probe is written as users write models)
from typing import final

import torch
import torch.nn as nn


class Block(nn.Module):
    """Residual block whose residual helper is marked @final so subclasses keep it."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @final
    def residual(self, x, y):
        return x + 0.5 * y

    def forward(self, x):
        return self.residual(x, torch.relu(self.fc(x)))


Model = Block


def inputs():
    torch.manual_seed(2832)
    return [(torch.randn(3, 4),), (torch.randn(2, 2, 4),)]
