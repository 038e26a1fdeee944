# ruff: noqa  (a probe is written as users write models)
from typing import NoReturn

import torch
import torch.nn as nn


def _bad_shape(name: str, got: int, want: int) -> NoReturn:
    raise ValueError(f"{name}: expected last dim {want}, got {got}")


class Model(nn.Module):
    def __init__(self, in_dim=12, out_dim=4):
        super().__init__()
        self.in_dim = in_dim
        self.fc = nn.Linear(in_dim, out_dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.size(-1) != self.in_dim:
            _bad_shape("input", x.size(-1), self.in_dim)
        return torch.relu(self.fc(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 12),), (torch.randn(7, 12),)]
