import torch
import torch.nn as nn


class ODEFunc(nn.Module):
    def __init__(self, dim, hidden=32, time_dependent=True):
        super().__init__()
        self.time_dependent = time_dependent
        self.net = nn.Sequential(nn.Linear(dim + int(time_dependent), hidden), nn.Tanh(), nn.Linear(hidden, dim))

    def forward(self, t, y):
        if self.time_dependent:
            y = torch.cat([y, t.expand(y.shape[0], 1)], dim=-1)
        return self.net(y)


def rk4_step(func, t, dt, y):
    k1 = func(t, y)
    k2 = func(t + dt / 2, y + dt * k1 / 2)
    k3 = func(t + dt / 2, y + dt * k2 / 2)
    k4 = func(t + dt, y + dt * k3)
    return y + dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6


def odeint_fixed(func, y0, t_grid, step=rk4_step):
    ys, y = [y0], y0
    for i in range(t_grid.shape[0] - 1):
        t0, t1 = t_grid[i], t_grid[i + 1]
        y = step(func, t0, t1 - t0, y)
        ys.append(y)
    return torch.stack(ys, dim=0)


class LatentODE(nn.Module):
    def __init__(self, obs_dim=4, latent=8, t1=1.0, steps=6):
        super().__init__()
        self.encoder = nn.Linear(obs_dim, latent)
        self.func = ODEFunc(latent)
        self.decoder = nn.Linear(latent, obs_dim)
        self.register_buffer("t_grid", torch.linspace(0.0, t1, steps + 1))

    def forward(self, x0):
        z = odeint_fixed(self.func, self.encoder(x0), self.t_grid)
        return self.decoder(z).transpose(0, 1)


Model = LatentODE


def inputs():
    torch.manual_seed(278)
    return [
        (torch.randn(5, 4),),
        (torch.randn(2, 4),),
    ]
