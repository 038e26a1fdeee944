# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Fixed-step RK4 neural ODE integrated over [0, t1]: the number of steps is derived from
    the requested horizon (a tensor input) in a no-grad planning helper."""

    def __init__(self, d: int = 3, max_dt: float = 0.1):
        super().__init__()
        self.max_dt = max_dt
        self.f = nn.Sequential(nn.Linear(d, 8), nn.Tanh(), nn.Linear(8, d))

    @torch.no_grad()
    def plan(self, t1: torch.Tensor) -> int:
        return int(torch.ceil(t1 / self.max_dt))  # breaks: compile,export,trace,script

    def forward(self, y: torch.Tensor, t1: torch.Tensor) -> torch.Tensor:
        steps = self.plan(t1)
        dt = t1 / steps
        out = y.new_empty(torch.Size([steps]) + y.shape)
        for i in range(steps):  # breaks: compile
            k1 = self.f(y)
            k2 = self.f(y + 0.5 * dt * k1)
            k3 = self.f(y + 0.5 * dt * k2)
            k4 = self.f(y + dt * k3)
            y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            out[i] = y
        return out


def inputs():
    torch.manual_seed(7430)
    y0 = torch.randn(2, 3)
    return [(y0, torch.tensor(0.3)), (y0, torch.tensor(0.75))]
