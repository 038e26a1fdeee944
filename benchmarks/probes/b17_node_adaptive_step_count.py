import math

import torch
from torch import nn


class ODEFunc(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 32), nn.Tanh(), nn.Linear(32, dim))

    def forward(self, t, y):
        return self.net(torch.cat([y, t.expand(y.shape[0], 1)], dim=-1))


def midpoint_step(f, t, y, dt):
    k1 = f(t, y)
    return y + dt * f(t + dt / 2, y + dt * k1 / 2)


class Model(nn.Module):
    def __init__(self, dim=4, max_dt=0.5):
        super().__init__()
        self.func = ODEFunc(dim)
        self.max_dt = max_dt

    def forward(self, y0, t_span):
        t0, t1 = t_span[0], t_span[1]
        n_steps = max(1, math.ceil((t1 - t0) / self.max_dt))  # breaks: compile,export,trace
        dt = (t1 - t0) / n_steps
        y, t = y0, t0.reshape(1, 1)
        for _ in range(n_steps):
            y = midpoint_step(self.func, t, y, dt)
            t = t + dt
        return y


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4), torch.tensor([0.0, 0.5])), (torch.randn(3, 4), torch.tensor([0.0, 2.5]))]
