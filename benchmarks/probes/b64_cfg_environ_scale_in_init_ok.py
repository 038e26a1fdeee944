# ruff: noqa  (a probe is written as users write models)
import os

import torch
import torch.nn as nn


class Model(nn.Module):
    """Residual MLP whose residual scale is read from an environment variable once, when
    the model is built, and kept as a float attribute."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.scale = float(os.environ.get("PROBE_RESIDUAL_SCALE", "0.5"))
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.Linear(d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.scale * self.mlp(x)


def inputs():
    torch.manual_seed(6426)
    return [(torch.randn(3, 12),), (torch.randn(5, 12),)]
