# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class ODEFunc(nn.Module):
    def __init__(self, dim=4, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.Tanh(), nn.Linear(hidden, dim))
        self.nfe = 0

    def forward(self, t, y):
        tt = torch.ones_like(y[..., :1]) * t
        return self.net(torch.cat([tt, y], dim=-1))


class Euler:
    order = 1

    def __init__(self, func, y0):
        self.func = func
        self.y0 = y0

    def _step_func(self, t0, dt, y0):
        return dt * self.func(t0, y0)

    def integrate(self, t):
        solution = [self.y0]
        y0 = self.y0
        for t0, t1 in zip(t[:-1], t[1:]):
            dy = self._step_func(t0, t1 - t0, y0)
            y1 = y0 + dy
            solution.append(y1)
            y0 = y1
        return torch.stack(solution)


SOLVERS = {"euler": Euler}


def odeint(func, y0, t, method="euler"):
    solver = SOLVERS[method](func=func, y0=y0)
    return solver.integrate(t)


class LatentODE(nn.Module):
    def __init__(self, obs_dim=3, latent_dim=4):
        super().__init__()
        self.encoder = nn.Linear(obs_dim, latent_dim)
        self.odefunc = ODEFunc(latent_dim)
        self.decoder = nn.Linear(latent_dim, obs_dim)

    def forward(self, x0, t):
        z0 = self.encoder(x0)
        zs = odeint(self.odefunc, z0, t, method="euler")
        return self.decoder(zs).permute(1, 0, 2)


Model = LatentODE


def inputs():
    torch.manual_seed(4505)
    return [
        (torch.randn(2, 3), torch.linspace(0.0, 1.0, 5)),
        (torch.randn(2, 3), torch.linspace(0.0, 2.0, 8)),
        (torch.randn(2, 3), torch.tensor([0.0, 0.1, 0.3, 0.7, 1.5])),
    ]
