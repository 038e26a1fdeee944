import math

import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, n_freqs: int, include_input: bool = True):
        super().__init__()
        self.include_input = include_input
        self.n_freqs = n_freqs
        self.register_buffer("freqs", (2.0 ** torch.arange(n_freqs)) * math.pi, persistent=False)

    @property
    def out_dim(self):
        return 3 * (2 * self.n_freqs + int(self.include_input))

    def forward(self, x):
        xb = x[..., None] * self.freqs
        enc = torch.cat([xb.sin(), xb.cos()], dim=-1).flatten(-2)
        return torch.cat([x, enc], dim=-1) if self.include_input else enc


class TinyNeRF(nn.Module):
    def __init__(self, n_samples=16, near=2.0, far=6.0, width=32):
        super().__init__()
        self.near, self.far = near, far
        self.register_buffer("t_vals", torch.linspace(0.0, 1.0, n_samples), persistent=False)
        self.posenc = PositionalEncoding(4)
        self.mlp = nn.Sequential(nn.Linear(self.posenc.out_dim, width), nn.ReLU(), nn.Linear(width, 4))

    def sample_depths(self, rays_o):
        z = self.near * (1.0 - self.t_vals) + self.far * self.t_vals
        z = z.expand(rays_o.shape[0], -1)
        if self.training:
            mids = 0.5 * (z[:, 1:] + z[:, :-1])
            lower = torch.cat([z[:, :1], mids], -1)
            upper = torch.cat([mids, z[:, -1:]], -1)
            z = lower + (upper - lower) * torch.rand_like(z)
        return z

    def forward(self, rays_o, rays_d):
        z = self.sample_depths(rays_o)
        pts = rays_o[:, None, :] + rays_d[:, None, :] * z[..., None]
        raw = self.mlp(self.posenc(pts))
        rgb, sigma = torch.sigmoid(raw[..., :3]), torch.relu(raw[..., 3])
        deltas = torch.cat([z[:, 1:] - z[:, :-1], torch.full_like(z[:, :1], 1e10)], -1)
        alpha = 1.0 - torch.exp(-sigma * deltas)
        trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1.0 - alpha + 1e-10], -1), -1)[:, :-1]
        weights = alpha * trans
        return (weights[..., None] * rgb).sum(1), (weights * z).sum(1)


Model = TinyNeRF


def inputs():
    torch.manual_seed(3010)
    rays = lambda n: (torch.randn(n, 3), nn.functional.normalize(torch.randn(n, 3), dim=-1))
    return [rays(10), rays(7)]
