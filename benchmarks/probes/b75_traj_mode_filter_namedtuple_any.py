# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn


class Forecast(NamedTuple):
    paths: torch.Tensor
    probs: torch.Tensor


class Model(nn.Module):
    """Multi-modal trajectory head: K candidate futures with mode probabilities; modes under
    the floor are dropped, unless that would drop every mode, then the best one is kept."""

    def __init__(self, d: int = 8, k: int = 4, horizon: int = 5, floor: float = 0.35):
        super().__init__()
        self.k, self.horizon, self.floor = k, horizon, floor
        self.enc = nn.Linear(12, d)
        self.paths = nn.Linear(d, k * horizon * 2)
        self.logits = nn.Linear(d, k)

    def forward(self, hist: torch.Tensor) -> Forecast:
        h = torch.tanh(self.enc(hist.flatten(1)))
        probs = torch.softmax(self.logits(h), -1)
        keep = probs >= self.floor
        if not keep.any():  # breaks: compile,export,trace
            keep = torch.ones_like(keep)
        paths = self.paths(h).unflatten(-1, (self.k, self.horizon, 2))
        return Forecast(paths * keep[..., None, None], probs * keep)


def inputs():
    torch.manual_seed(7504)
    return [(torch.randn(1, 6, 2) * 0.01,), (torch.randn(1, 6, 2) * 40,)]
