# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal, kl_divergence


class GaussianMerge(nn.Module):
    """Precision-weighted combination of bottom-up likelihood and top-down prior (Ladder VAE)."""

    def forward(self, mu1, logvar1, mu2, logvar2):
        precision1, precision2 = torch.exp(-logvar1), torch.exp(-logvar2)
        mu = (mu1 * precision1 + mu2 * precision2) / (precision1 + precision2)
        var = 1.0 / (precision1 + precision2)
        return mu, torch.log(var)


class GaussianLayer(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, in_dim), nn.LeakyReLU(0.1))
        self.mu = nn.Linear(in_dim, out_dim)
        self.logvar = nn.Linear(in_dim, out_dim)

    def forward(self, x):
        h = self.net(x)
        return self.mu(h), torch.clamp(self.logvar(h), -6.0, 4.0)


class LadderVAE(nn.Module):
    def __init__(self, x_dim=20, hidden=(16, 12), latent=(8, 4)):
        super().__init__()
        dims = [x_dim, *hidden]
        self.encoders = nn.ModuleList([nn.Sequential(nn.Linear(dims[i], dims[i + 1]), nn.BatchNorm1d(dims[i + 1]), nn.LeakyReLU(0.1)) for i in range(len(hidden))])
        self.enc_gauss = nn.ModuleList([GaussianLayer(h, z) for h, z in zip(hidden, latent)])
        self.dec_gauss = nn.ModuleList([GaussianLayer(latent[i + 1], latent[i]) for i in range(len(latent) - 1)])
        self.merge = GaussianMerge()
        self.reconstruction = nn.Sequential(nn.Linear(latent[0], hidden[0]), nn.ReLU(), nn.Linear(hidden[0], x_dim))

    def forward(self, x, eps_top, eps_mid):
        h = x
        latents = []
        for encoder, gauss in zip(self.encoders, self.enc_gauss):
            h = encoder(h)
            latents.append(gauss(h))
        mu, logvar = latents[-1]
        z = mu + torch.exp(0.5 * logvar) * eps_top
        kl = kl_divergence(Normal(mu, torch.exp(0.5 * logvar)), Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(-1)
        for i in reversed(range(len(self.dec_gauss))):
            p_mu, p_logvar = self.dec_gauss[i](z)
            q_mu, q_logvar = self.merge(latents[i][0], latents[i][1], p_mu, p_logvar)
            z = q_mu + torch.exp(0.5 * q_logvar) * eps_mid
            kl = kl + kl_divergence(Normal(q_mu, torch.exp(0.5 * q_logvar)), Normal(p_mu, torch.exp(0.5 * p_logvar))).sum(-1)
        x_logits = self.reconstruction(z)
        rec = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none").sum(-1)
        return x_logits, rec + kl


Model = LadderVAE


def inputs():
    torch.manual_seed(3922)
    return [
        (torch.rand(4, 20).round(), torch.randn(4, 4), torch.randn(4, 8)),
        (torch.rand(6, 20).round(), torch.randn(6, 4), torch.randn(6, 8)),
    ]
