# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn


class Stats(NamedTuple):
    mean: torch.Tensor
    std: torch.Tensor


class RevIN(nn.Module):
    """Reversible instance normalisation for forecasting; flat series get a unit scale."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def stats(self, x: torch.Tensor) -> Stats:
        std = x.std(1, keepdim=True)
        if (std < self.eps).any():  # breaks: compile,export,trace
            std = torch.where(std < self.eps, torch.ones_like(std), std)
        return Stats(x.mean(1, keepdim=True), std)

    def forward(self, x: torch.Tensor):
        s = self.stats(x)
        return (x - s.mean) / s.std, s


class Model(nn.Module):
    def __init__(self, lookback: int = 8, horizon: int = 4):
        super().__init__()
        self.revin = RevIN()
        self.head = nn.Linear(lookback, horizon)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z, s = self.revin(x)
        y = self.head(z.transpose(1, 2)).transpose(1, 2)
        return y * s.std + s.mean


def inputs():
    torch.manual_seed(7317)
    flat = torch.randn(2, 8, 3)
    flat[:, :, 1] = 4.0
    return [(torch.randn(2, 8, 3),), (flat,)]
