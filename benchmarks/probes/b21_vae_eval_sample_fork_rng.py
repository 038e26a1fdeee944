import torch
from torch import nn
from dataclasses import dataclass


@dataclass
class VAEConfig:
    in_dim: int = 12
    latent: int = 4
    hidden: int = 24
    eval_seed: int = 1234


class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(cfg.in_dim, cfg.hidden), nn.SiLU())
        self.stats = nn.Linear(cfg.hidden, 2 * cfg.latent)

    def forward(self, x):
        mu, logvar = self.stats(self.net(x)).chunk(2, dim=-1)
        return mu, logvar.clamp(-8.0, 8.0)


class Model(nn.Module):
    def __init__(self, cfg: VAEConfig = VAEConfig()):
        super().__init__()
        self.cfg = cfg
        self.encoder = Encoder(cfg)
        self.decoder = nn.Sequential(nn.Linear(cfg.latent, cfg.hidden), nn.SiLU(), nn.Linear(cfg.hidden, cfg.in_dim))

    def sample_latent(self, mu, logvar):
        with torch.random.fork_rng(devices=[]):  # breaks: compile
            torch.manual_seed(self.cfg.eval_seed)  # breaks: export,trace
            eps = torch.randn_like(mu)
        return mu + eps * torch.exp(0.5 * logvar)

    def forward(self, x):
        mu, logvar = self.encoder(x)
        z = self.sample_latent(mu, logvar)
        return self.decoder(z), mu, logvar


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 12),), (torch.randn(5, 12),)]
