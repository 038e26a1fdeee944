import torch
from torch import nn


class SinusoidalTime(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.register_buffer("freqs", torch.exp(-torch.arange(dim // 2) * (9.2 / (dim // 2))))

    def forward(self, t):
        args = t[:, None] * 1000 * self.freqs[None]
        return torch.cat([args.sin(), args.cos()], -1)


class VelocityNet(nn.Module):
    def __init__(self, dim=4, hidden=32, t_dim=16):
        super().__init__()
        self.time = SinusoidalTime(t_dim)
        self.net = nn.Sequential(nn.Linear(dim + t_dim, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, x, t):
        return self.net(torch.cat([x, self.time(t)], -1))


class RectifiedFlowSampler(nn.Module):
    def __init__(self, num_steps=8, solver="heun"):
        super().__init__()
        self.velocity = VelocityNet()
        self.num_steps, self.solver = num_steps, solver

    def step(self, x, t0, t1):
        tb = lambda t: t.expand(x.size(0))
        v0 = self.velocity(x, tb(t0))
        x_euler = x + (t1 - t0) * v0
        if self.solver == "euler":
            return x_euler
        v1 = self.velocity(x_euler, tb(t1))
        return x + (t1 - t0) * 0.5 * (v0 + v1)

    def forward(self, noise):
        ts = torch.linspace(0.0, 1.0, self.num_steps + 1, device=noise.device)
        x = noise
        for i in range(self.num_steps):
            x = self.step(x, ts[i], ts[i + 1])
        return x


Model = RectifiedFlowSampler


def inputs():
    torch.manual_seed(3225)
    return [(torch.randn(5, 4),), (torch.randn(9, 4),)]
