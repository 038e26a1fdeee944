# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ODEFunc(nn.Module):
    def __init__(self, dim: int, hidden: int = 32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.Tanh(), nn.Linear(hidden, dim))

    def forward(self, t: float, y: torch.Tensor) -> torch.Tensor:
        tt = torch.full_like(y[..., :1], t)
        return self.net(torch.cat([y, tt], -1))


class RK4Solver(nn.Module):
    """Classical RK4 on a fixed grid; the number of steps is a constructor setting, so the
    solve has the same structure for every input."""

    def __init__(self, func: nn.Module, steps: int = 8):
        super().__init__()
        self.func = func
        self.steps = steps

    def forward(self, y: torch.Tensor, t0: float = 0.0, t1: float = 1.0) -> torch.Tensor:
        h = (t1 - t0) / self.steps
        t = t0
        for _ in range(self.steps):
            k1 = self.func(t, y)
            k2 = self.func(t + 0.5 * h, y + 0.5 * h * k1)
            k3 = self.func(t + 0.5 * h, y + 0.5 * h * k2)
            k4 = self.func(t + h, y + h * k3)
            y = y + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
            t = t + h
        return y


class Model(nn.Module):
    """Latent neural ODE regressor: encode, integrate to t=1 with fixed-step RK4, decode."""

    def __init__(self, n_in: int = 6, latent: int = 8, n_out: int = 2):
        super().__init__()
        self.enc = nn.Linear(n_in, latent)
        self.solver = RK4Solver(ODEFunc(latent), steps=8)
        self.dec = nn.Linear(latent, n_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = self.solver(self.enc(x))
        return self.dec(z)


def inputs():
    torch.manual_seed(6021)
    return [(torch.randn(4, 6),), (torch.randn(7, 6) * 3.0,)]
