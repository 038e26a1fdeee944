# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def karras_sigmas(n, sigma_min=0.002, sigma_max=80.0, rho=7.0):
    ramp = torch.linspace(0, 1, n)
    min_inv, max_inv = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    sigmas = (max_inv + ramp * (min_inv - max_inv)) ** rho
    return torch.cat([sigmas, sigmas.new_zeros(1)])


class TinyDenoiser(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 32), nn.SiLU(), nn.Linear(32, dim))

    def forward(self, x, sigma: float):
        c_in = 1.0 / (sigma ** 2 + 1.0) ** 0.5
        s = x.new_full((x.shape[0], 1), sigma).log1p()
        return x * c_in + self.net(torch.cat([x * c_in, s], dim=-1)) * 0.1


class HeunSampler(nn.Module):
    def __init__(self, num_steps=6, s_churn=0.0, s_tmin=0.05, s_tmax=50.0, s_noise=1.0):
        super().__init__()
        self.denoiser = TinyDenoiser()
        self.num_steps = num_steps
        self.s_churn, self.s_tmin, self.s_tmax, self.s_noise = s_churn, s_tmin, s_tmax, s_noise
        self.register_buffer("sigmas", karras_sigmas(num_steps))

    def forward(self, noise):
        x = noise * self.sigmas[0]
        for i in range(self.num_steps):
            sigma, sigma_next = float(self.sigmas[i]), float(self.sigmas[i + 1])
            gamma = min(self.s_churn / self.num_steps, 2 ** 0.5 - 1) if self.s_tmin <= sigma <= self.s_tmax else 0.0
            sigma_hat = sigma * (gamma + 1)
            if gamma > 0:
                x = x + torch.randn_like(x) * self.s_noise * (sigma_hat ** 2 - sigma ** 2) ** 0.5
            d = (x - self.denoiser(x, sigma_hat)) / sigma_hat
            x_next = x + (sigma_next - sigma_hat) * d
            if sigma_next > 0:
                d_prime = (x_next - self.denoiser(x_next, sigma_next)) / sigma_next
                x_next = x + (sigma_next - sigma_hat) * (0.5 * d + 0.5 * d_prime)
            x = x_next
        return x


Model = HeunSampler


def inputs():
    torch.manual_seed(3703)
    return [(torch.randn(3, 16),), (torch.randn(5, 16),)]
