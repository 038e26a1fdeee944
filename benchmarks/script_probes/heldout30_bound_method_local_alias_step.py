# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class NeuralODE(nn.Module):
    """Fixed-step integrator; the stepping rule is picked once and kept in a local."""

    def __init__(self, dim: int = 4, steps: int = 4, use_midpoint: bool = True):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(dim, 16), nn.Tanh(), nn.Linear(16, dim))
        self.steps = steps
        self.use_midpoint = use_midpoint

    def _euler(self, y: Tensor, dt: float) -> Tensor:
        return y + dt * self.f(y)

    def _midpoint(self, y: Tensor, dt: float) -> Tensor:
        half = y + 0.5 * dt * self.f(y)
        return y + dt * self.f(half)

    def forward(self, y: Tensor) -> Tensor:
        step = self._midpoint if self.use_midpoint else self._euler
        dt = 1.0 / self.steps
        for _ in range(self.steps):
            y = step(y, dt)
        return y


Model = NeuralODE


def inputs():
    torch.manual_seed(3002)
    return [(torch.randn(3, 4),), (torch.randn(2, 5, 4),)]
