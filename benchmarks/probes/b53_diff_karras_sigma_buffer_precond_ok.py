# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def karras_sigmas(n: int, sigma_min: float = 0.02, sigma_max: float = 80.0, rho: float = 7.0) -> Tensor:
    ramp = torch.linspace(0, 1, n)
    lo, hi = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    return (hi + ramp * (lo - hi)) ** rho


class FourierTimeEmbed(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.register_buffer("freqs", torch.exp(torch.arange(dim // 2) * (-math.log(1000.0) / (dim // 2))))

    def forward(self, c_noise: Tensor) -> Tensor:
        ang = c_noise.unsqueeze(-1) * self.freqs
        return torch.cat([ang.sin(), ang.cos()], dim=-1)


class Denoiser(nn.Module):
    def __init__(self, ch: int = 3, hidden: int = 16):
        super().__init__()
        self.temb = FourierTimeEmbed(hidden)
        self.inp = nn.Conv2d(ch, hidden, 3, padding=1)
        self.mid = nn.Conv2d(hidden, hidden, 3, padding=1)
        self.out = nn.Conv2d(hidden, ch, 3, padding=1)

    def forward(self, x: Tensor, c_noise: Tensor) -> Tensor:
        h = F.silu(self.inp(x)) + self.temb(c_noise)[:, :, None, None]
        return self.out(F.silu(self.mid(h)))


class EDMPrecond(nn.Module):
    """EDM-style preconditioning; the step index selects sigma from a precomputed schedule."""

    def __init__(self, num_steps: int = 18, sigma_data: float = 0.5):
        super().__init__()
        self.sigma_data = sigma_data
        self.register_buffer("sigmas", karras_sigmas(num_steps))
        self.net = Denoiser()

    def forward(self, x: Tensor, step: Tensor) -> Tensor:
        sigma = self.sigmas.gather(0, step).view(-1, 1, 1, 1)
        sd2 = self.sigma_data ** 2
        c_skip = sd2 / (sigma ** 2 + sd2)
        c_out = sigma * self.sigma_data / (sigma ** 2 + sd2).sqrt()
        c_in = 1.0 / (sigma ** 2 + sd2).sqrt()
        c_noise = sigma.log().flatten() / 4.0
        return c_skip * x + c_out * self.net(c_in * x, c_noise)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = EDMPrecond()

    def forward(self, x: Tensor, step: Tensor) -> Tensor:
        return self.model(x, step)


def inputs():
    torch.manual_seed(5324)
    return [
        (torch.randn(2, 3, 8, 8), torch.tensor([0, 5])),
        (torch.randn(3, 3, 12, 16), torch.tensor([17, 9, 2])),
    ]
