# ruff: noqa  (a probe is written as users write models)
import warnings

import torch
import torch.nn as nn


class Model(nn.Module):
    """Value head that warns when the predicted returns leave the trained reward scale,
    quoting the largest value it saw."""

    def __init__(self, d: int = 10):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        v = self.body(obs).squeeze(-1)
        warnings.warn(f"value head max {v.abs().max()}")  # breaks: compile
        return v.clamp(-10.0, 10.0)


def inputs():
    torch.manual_seed(6404)
    return [(torch.randn(8, 10),), (torch.randn(8, 10) * 50,)]
