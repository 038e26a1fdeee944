# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-horizon forecaster returning one prediction per horizon, keyed by the horizon
    in steps."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.trunk = nn.Linear(d, 16)
        self.h1 = nn.Linear(16, 1)
        self.h7 = nn.Linear(16, 1)

    def forward(self, x: torch.Tensor) -> Dict[int, torch.Tensor]:
        z = torch.relu(self.trunk(x))
        return {1: self.h1(z), 7: self.h7(z)}  # breaks: trace


def inputs():
    torch.manual_seed(6415)
    return [(torch.randn(4, 8),), (torch.randn(2, 8),)]
