# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Dynamics(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 32), nn.Tanh(), nn.Linear(32, dim))

    def forward(self, t: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        tt = t.expand(h.size(0), 1)
        return self.net(torch.cat([h, tt], dim=-1))


class EulerSolver(nn.Module):
    """Fixed-size explicit Euler: the number of steps follows the integration horizon."""

    def __init__(self, func: nn.Module, max_dt: float = 0.1):
        super().__init__()
        self.func = func
        self.max_dt = max_dt

    def forward(self, h0: torch.Tensor, t1: torch.Tensor) -> torch.Tensor:
        n_steps = max(1, int(torch.ceil(t1 / self.max_dt)))  # breaks: export,trace
        dt = t1 / n_steps
        h = h0
        t = torch.zeros_like(t1)
        for _ in range(n_steps):  # breaks: compile
            h = h + dt * self.func(t, h)
            t = t + dt
        return h


class Model(nn.Module):
    """Latent ODE block: encode, integrate to the requested time, decode."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.enc = nn.Linear(4, dim)
        self.ode = EulerSolver(Dynamics(dim))
        self.dec = nn.Linear(dim, 4)

    def forward(self, x: torch.Tensor, t1: torch.Tensor) -> torch.Tensor:
        return self.dec(self.ode(self.enc(x), t1))


def inputs():
    torch.manual_seed(6807)
    return [(torch.randn(3, 4), torch.tensor(0.45)), (torch.randn(3, 4), torch.tensor(0.92))]
