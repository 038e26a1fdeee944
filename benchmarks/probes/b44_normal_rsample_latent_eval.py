# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import Normal


class VAE(nn.Module):
    """The latent is sampled with rsample() whatever the mode, also at inference."""

    def __init__(self, dim=10, latent=3):
        super().__init__()
        self.enc = nn.Linear(dim, 2 * latent)
        self.dec = nn.Linear(latent, dim)

    def forward(self, x):
        mu, log_sigma = self.enc(x).chunk(2, dim=-1)
        q = Normal(mu, log_sigma.exp())
        z = q.rsample()
        return self.dec(z), mu


Model = VAE


def inputs():
    torch.manual_seed(34)
    return [(torch.randn(4, 10),), (torch.randn(2, 10),)]
