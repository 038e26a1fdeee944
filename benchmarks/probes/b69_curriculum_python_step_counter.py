# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NoiseCurriculum(nn.Module):
    """Input noise annealed over the first ``warmup`` calls, counted on the module."""

    def __init__(self, warmup: int = 4, start: float = 0.5):
        super().__init__()
        self.warmup = warmup
        self.start = start
        self.calls = 0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls += 1  # breaks: export,trace
        frac = min(self.calls / self.warmup, 1.0)
        return x * (1.0 - self.start * (1.0 - frac))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.curriculum = NoiseCurriculum()
        self.net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(self.curriculum(x))


def inputs():
    torch.manual_seed(6918)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),), (torch.randn(3, 6),)]
