# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import Independent, Normal


class DiagGaussianDecoder(nn.Module):
    """Probabilistic (VAE decoder): the likelihood is Independent(Normal(mu, sigma), 1), so
    log_prob sums over the feature axis as one event."""

    def __init__(self, z_dim: int = 4, x_dim: int = 6):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 16), nn.Tanh(), nn.Linear(16, 2 * x_dim))

    def forward(self, z, x):
        mu, log_std = self.net(z).chunk(2, dim=-1)
        likelihood = Independent(Normal(mu, log_std.clamp(-5, 2).exp()), 1)
        return likelihood.log_prob(x)


Model = DiagGaussianDecoder


def inputs():
    torch.manual_seed(5712)
    return [(torch.randn(3, 4), torch.randn(3, 6)), (torch.randn(5, 4), torch.randn(5, 6))]
