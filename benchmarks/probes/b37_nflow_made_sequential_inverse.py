# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Linear):
    def __init__(self, in_features, out_features, mask):
        super().__init__(in_features, out_features)
        self.register_buffer("mask", mask)

    def forward(self, x):
        return F.linear(x, self.mask * self.weight, self.bias)


def made_degrees(dim, hidden):
    return torch.arange(1, dim + 1), torch.arange(hidden) % max(1, dim - 1) + 1


class MADE(nn.Module):
    """Outputs (mu, log_scale) autoregressively in the input order."""

    def __init__(self, dim, hidden=24):
        super().__init__()
        d_in, d_hid = made_degrees(dim, hidden)
        m1 = (d_hid[:, None] >= d_in[None, :]).float()
        m2 = (d_in[:, None] > d_hid[None, :]).float()
        self.net = nn.Sequential(MaskedLinear(dim, hidden, m1), nn.Tanh())
        self.mu = MaskedLinear(hidden, dim, m2)
        self.log_scale = MaskedLinear(hidden, dim, m2)

    def forward(self, x):
        h = self.net(x)
        return self.mu(h), self.log_scale(h).clamp(-5.0, 5.0)


class MAFLayer(nn.Module):
    def __init__(self, dim, reverse=False):
        super().__init__()
        self.dim, self.reverse = dim, reverse
        self.made = MADE(dim)

    def forward(self, x):
        mu, log_scale = self.made(x)
        u = (x - mu) * torch.exp(-log_scale)
        return (u.flip(-1) if self.reverse else u), -log_scale.sum(-1)

    def inverse(self, u):
        u = u.flip(-1) if self.reverse else u
        x = torch.zeros_like(u)
        for i in range(self.dim):
            mu, log_scale = self.made(x)
            x[:, i] = u[:, i] * torch.exp(log_scale[:, i]) + mu[:, i]
        return x


class MAF(nn.Module):
    def __init__(self, dim=4, n_layers=2):
        super().__init__()
        self.layers = nn.ModuleList(MAFLayer(dim, reverse=i % 2 == 1) for i in range(n_layers))

    def forward(self, x):
        log_det, z = x.new_zeros(x.size(0)), x
        for layer in self.layers:
            z, ld = layer(z)
            log_det = log_det + ld
        log_prob = -0.5 * (z ** 2).sum(-1) - 0.5 * z.size(-1) * math.log(2 * math.pi) + log_det
        recon = z
        for layer in reversed(self.layers):
            recon = layer.inverse(recon)
        return log_prob, recon


Model = MAF


def inputs():
    torch.manual_seed(3723)
    return [(torch.randn(3, 4),), (torch.randn(6, 4) * 2,)]
