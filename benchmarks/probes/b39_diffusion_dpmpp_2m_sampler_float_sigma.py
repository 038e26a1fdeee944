# ruff: noqa  (a probe is written as users write models)
import math
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class SamplerConfig:
    num_steps: int = 6
    sigma_min: float = 0.02
    sigma_max: float = 20.0
    rho: float = 7.0


def karras_sigmas(n, sigma_min, sigma_max, rho):
    ramp = torch.linspace(0, 1, n)
    min_inv_rho = sigma_min ** (1 / rho)
    max_inv_rho = sigma_max ** (1 / rho)
    sigmas = (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho
    return torch.cat([sigmas, sigmas.new_zeros([1])])


class TinyDenoiser(nn.Module):
    def __init__(self, channels=3, hidden=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(channels + 1, hidden, 3, padding=1), nn.SiLU(), nn.Conv2d(hidden, channels, 3, padding=1))

    def forward(self, x, sigma):
        c_in = 1 / (sigma**2 + 1) ** 0.5
        cond = torch.full_like(x[:, :1], math.log(sigma) / 4)
        return x - sigma * self.net(torch.cat([x * c_in, cond], dim=1))


class DPMSolverPP2M(nn.Module):
    """Second-order multistep DPM-Solver++ sampler over a Karras noise schedule."""

    def __init__(self, cfg: SamplerConfig = SamplerConfig()):
        super().__init__()
        self.cfg = cfg
        self.denoiser = TinyDenoiser()
        self.register_buffer("sigmas", karras_sigmas(cfg.num_steps, cfg.sigma_min, cfg.sigma_max, cfg.rho))

    @staticmethod
    def t_fn(sigma):
        return -math.log(sigma)

    def forward(self, noise):
        x = noise * self.sigmas[0]
        old_denoised = None
        for i in range(len(self.sigmas) - 1):
            sigma, sigma_next = float(self.sigmas[i]), float(self.sigmas[i + 1])  # breaks: compile,export
            denoised = self.denoiser(x, sigma)
            if sigma_next == 0:
                x = denoised
                continue
            t, t_next = self.t_fn(sigma), self.t_fn(sigma_next)
            h = t_next - t
            if old_denoised is None:
                x = (sigma_next / sigma) * x - math.expm1(-h) * denoised
            else:
                h_last = t - self.t_fn(float(self.sigmas[i - 1]))
                r = h_last / h
                denoised_d = (1 + 1 / (2 * r)) * denoised - (1 / (2 * r)) * old_denoised
                x = (sigma_next / sigma) * x - math.expm1(-h) * denoised_d
            old_denoised = denoised
        return x


Model = DPMSolverPP2M


def inputs():
    torch.manual_seed(3904)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
