# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def karras_sigmas(n: int, sigma_min: float, sigma_max: float, rho: float = 7.0) -> torch.Tensor:
    ramp = torch.linspace(0, 1, n)
    lo, hi = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    sig = (hi + ramp * (lo - hi)) ** rho
    return torch.cat([sig, sig.new_zeros(1)])


class Model(nn.Module):
    """Euler sampler over a Karras noise schedule built once; each step indexes the schedule
    with the Python loop counter."""

    def __init__(self, steps: int = 4):
        super().__init__()
        self.denoise = nn.Conv2d(2, 2, 3, padding=1)
        self.steps = steps
        self.register_buffer("sigmas", karras_sigmas(steps, 0.02, 10.0))

    def forward(self, noise: torch.Tensor) -> torch.Tensor:
        x = noise * self.sigmas[0]
        for i in range(self.steps):
            sigma, sigma_next = self.sigmas[i], self.sigmas[i + 1]
            denoised = x - sigma * self.denoise(x / (sigma**2 + 1).sqrt())
            d = (x - denoised) / sigma
            x = x + d * (sigma_next - sigma)
        return x


def inputs():
    torch.manual_seed(7315)
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 4, 4),)]
