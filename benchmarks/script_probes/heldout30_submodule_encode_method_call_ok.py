# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class Encoder(nn.Module):
    def __init__(self, dim: int = 6, latent: int = 2):
        super().__init__()
        self.body = nn.Linear(dim, 16)
        self.mu = nn.Linear(16, latent)
        self.logvar = nn.Linear(16, latent)

    def encode_stats(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        h = torch.relu(self.body(x))
        return self.mu(h), self.logvar(h)

    def forward(self, x: Tensor) -> Tensor:
        return self.encode_stats(x)[0]


class VAE(nn.Module):
    """VAE whose forward calls a non-forward method of its encoder submodule."""

    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.decoder = nn.Linear(2, 6)

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        mu, logvar = self.encoder.encode_stats(x)
        kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(-1)
        return self.decoder(mu), kl


Model = VAE


def inputs():
    torch.manual_seed(3015)
    return [(torch.randn(3, 6),), (torch.randn(2, 4, 6),)]
