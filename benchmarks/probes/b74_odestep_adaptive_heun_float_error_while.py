# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Dynamics(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 16), nn.Tanh(), nn.Linear(16, d))

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        return self.net(y)


def _init(m: nn.Module) -> None:
    if isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, std=0.5)
        nn.init.zeros_(m.bias)


class Model(nn.Module):
    """Neural ODE with adaptive Heun-Euler steps: the step is accepted when the embedded error
    is under tol and the next step size follows the usual safety-factor rule."""

    def __init__(self, d: int = 3, tol: float = 1e-3):
        super().__init__()
        self.f = Dynamics(d)
        self.f.apply(_init)
        self.tol = tol

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        t, dt = 0.0, 0.25
        while t < 1.0:
            dt = min(dt, 1.0 - t)
            k1 = self.f(y)
            k2 = self.f(y + dt * k1)
            err = float((0.5 * dt * (k2 - k1)).abs().max())  # breaks: export,trace
            if err <= self.tol:  # breaks: compile
                y = y + 0.5 * dt * (k1 + k2)
                t += dt
            dt = dt * min(2.0, max(0.2, 0.9 * (self.tol / max(err, 1e-12)) ** 0.5))
        return y


def inputs():
    torch.manual_seed(7429)
    return [(torch.randn(2, 3) * 0.1,), (torch.randn(2, 3) * 3,)]
