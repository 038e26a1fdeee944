# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class FourierFeatures(nn.Module):
    """Random Fourier features gamma(x) = [sin(2 pi B x), cos(2 pi B x)] with a fixed B."""

    def __init__(self, in_dim: int, n_feat: int, scale: float):
        super().__init__()
        self.register_buffer("B", torch.randn(in_dim, n_feat) * scale)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        proj = 2.0 * math.pi * x @ self.B
        return torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)


class Model(nn.Module):
    def __init__(self, n_feat: int = 8):
        super().__init__()
        self.embed = FourierFeatures(2, n_feat, scale=10.0 if n_feat > 4 else 1.0)
        self.net = nn.Sequential(nn.Linear(2 * n_feat, 16), nn.Tanh(), nn.Linear(16, 1))
        self.hard_bc = True

    def forward(self, xt: torch.Tensor) -> torch.Tensor:
        u = self.net(self.embed(xt))
        if self.hard_bc:
            # u(0, t) = u(1, t) = 0 enforced by construction
            x = xt[:, :1]
            u = x * (1.0 - x) * u
        return u


def inputs():
    torch.manual_seed(7308)
    return [(torch.rand(6, 2),), (torch.rand(9, 2),)]
