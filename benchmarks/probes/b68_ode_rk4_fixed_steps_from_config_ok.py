# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class VectorField(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.lin1 = nn.Linear(dim, hidden)
        self.time = nn.Linear(1, hidden)
        self.lin2 = nn.Linear(hidden, dim)

    def forward(self, t: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        return self.lin2(torch.tanh(self.lin1(h) + self.time(t.view(1, 1))))


class RK4Block(nn.Module):
    """Neural-ODE block integrated over [0, 1] with a step count fixed at construction."""

    def __init__(self, dim: int, hidden: int = 16, steps: int = 4):
        super().__init__()
        self.f = VectorField(dim, hidden)
        self.steps = steps
        self.register_buffer("grid", torch.linspace(0.0, 1.0, steps + 1))

    def rk4_step(self, t: torch.Tensor, h: torch.Tensor, dt: torch.Tensor) -> torch.Tensor:
        k1 = self.f(t, h)
        k2 = self.f(t + dt / 2, h + dt * k1 / 2)
        k3 = self.f(t + dt / 2, h + dt * k2 / 2)
        k4 = self.f(t + dt, h + dt * k3)
        return h + dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        for i in range(self.steps):
            t0 = self.grid[i]
            h = self.rk4_step(t0, h, self.grid[i + 1] - t0)
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(5, 8)
        self.ode = RK4Block(8)
        self.head = nn.Linear(8, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.ode(torch.relu(self.stem(x))))


def inputs():
    torch.manual_seed(6808)
    return [(torch.randn(4, 5),), (torch.randn(7, 5),)]
