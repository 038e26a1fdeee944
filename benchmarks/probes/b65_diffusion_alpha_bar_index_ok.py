# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Scheduler(nn.Module):
    def __init__(self, steps: int = 50):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, steps)
        self.register_buffer("alpha_bar", torch.cumprod(1 - betas, 0))

    def add_noise(self, x0, noise, t):
        ab = self.alpha_bar[t].reshape(-1, 1, 1, 1)
        return ab.sqrt() * x0 + (1 - ab).sqrt() * noise


class Model(nn.Module):
    """DDPM training step: per-sample timesteps index the cumulative alpha schedule."""

    def __init__(self):
        super().__init__()
        self.sched = Scheduler()
        self.eps = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, x0, noise, t):
        xt = self.sched.add_noise(x0, noise, t)
        return F.mse_loss(self.eps(xt), noise)


def inputs():
    torch.manual_seed(6513)
    return [
        (torch.randn(2, 2, 6, 6), torch.randn(2, 2, 6, 6), torch.tensor([3, 40])),
        (torch.randn(2, 2, 6, 6), torch.randn(2, 2, 6, 6), torch.tensor([0, 49])),
    ]
