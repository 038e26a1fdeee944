# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def pick(scope, keys):
    # the caller names which intermediate results it wants back, in order
    return tuple(scope[k] for k in keys)


class Encoder(nn.Module):
    def __init__(self, d_in: int = 20, d_h: int = 32, d_z: int = 4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, d_h), nn.ReLU())
        self.mu = nn.Linear(d_h, d_z)
        self.logvar = nn.Linear(d_h, d_z)

    def forward(self, x):
        h = self.body(x)
        return self.mu(h), self.logvar(h).clamp(-6.0, 6.0)


class Decoder(nn.Module):
    def __init__(self, d_z: int = 4, d_h: int = 32, d_out: int = 20):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_z, d_h), nn.ReLU(), nn.Linear(d_h, d_out))

    def forward(self, z):
        return self.net(z)


class Model(nn.Module):
    """VAE whose forward hands back the intermediates listed in `return_keys`, as a tuple."""

    def __init__(self, return_keys=("recon", "mu", "kl")):
        super().__init__()
        self.return_keys = tuple(return_keys)
        self.enc = Encoder()
        self.dec = Decoder()

    def forward(self, x):
        mu, logvar = self.enc(x)
        std = torch.exp(0.5 * logvar)
        z = mu if not self.training else mu + std * torch.randn_like(std)
        recon = self.dec(z)
        rec_loss = F.mse_loss(recon, x, reduction="none").sum(-1)
        kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(-1)
        scope = locals()
        return pick(scope, self.return_keys)


def inputs():
    torch.manual_seed(5622)
    return [(torch.randn(3, 20),), (torch.randn(6, 20),)]
