# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import distributions as D


class VAEEncoderKL(nn.Module):
    """Encoder returning a posterior sample mean and KL to a unit prior via torch.distributions."""

    def __init__(self, in_dim=16, z_dim=4):
        super().__init__()
        self.net = nn.Linear(in_dim, 2 * z_dim)

    def forward(self, x):
        loc, raw_scale = self.net(x).chunk(2, dim=-1)
        scale = F.softplus(raw_scale) + 1e-4
        posterior = D.Normal(loc, scale, validate_args=False)
        prior = D.Normal(torch.zeros_like(loc), torch.ones_like(scale), validate_args=False)
        kl = D.kl_divergence(posterior, prior).sum(-1)
        return posterior.mean, kl.mean()


Model = VAEEncoderKL


def inputs():
    torch.manual_seed(4002)
    return [(torch.randn(5, 16),), (torch.randn(5, 16),), (torch.randn(8, 16),)]
