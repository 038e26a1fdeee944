import numpy as np
import torch
from torch import nn


class KarrasSigmas:
    def __init__(self, num_train_steps: int = 50):
        betas = np.linspace(1e-4, 0.02, num_train_steps)
        alphas_cumprod = np.cumprod(1.0 - betas)
        self.sigmas = ((1 - alphas_cumprod) / alphas_cumprod) ** 0.5
        self.log_sigmas = np.log(self.sigmas)

    def sigma_to_t(self, sigma):
        log_sigma = np.log(sigma.detach().cpu().numpy())  # breaks: export,trace
        steps = np.arange(len(self.log_sigmas))
        t = np.interp(log_sigma, self.log_sigmas, steps)  # breaks: compile
        return torch.as_tensor(t, dtype=torch.float32)


class EDMPrecond(nn.Module):
    def __init__(self, dim: int = 6, sigma_data: float = 0.5):
        super().__init__()
        self.sigma_data = sigma_data
        self.schedule = KarrasSigmas()
        self.net = nn.Sequential(nn.Linear(dim + 1, 16), nn.SiLU(), nn.Linear(16, dim))

    def forward(self, x, sigma):
        c_skip = self.sigma_data**2 / (sigma**2 + self.sigma_data**2)
        c_out = sigma * self.sigma_data / (sigma**2 + self.sigma_data**2).sqrt()
        c_in = 1 / (self.sigma_data**2 + sigma**2).sqrt()
        t = self.schedule.sigma_to_t(sigma) / 50.0
        f = self.net(torch.cat([c_in[:, None] * x, t[:, None]], dim=-1))
        return c_skip[:, None] * x + c_out[:, None] * f


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.denoiser = EDMPrecond()

    def forward(self, x, sigma):
        return self.denoiser(x, sigma)


def inputs():
    return [
        (torch.randn(2, 6), torch.tensor([0.5, 1.2])),
        (torch.randn(2, 6), torch.tensor([0.1, 0.9])),
    ]
