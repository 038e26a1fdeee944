# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

class GaussianMixturePrior(nn.Module):
    """Learned K-component diagonal Gaussian mixture; parameters exposed through properties."""

    def __init__(self, k: int = 4, d: int = 3):
        super().__init__()
        self.logits = nn.Parameter(torch.linspace(-0.5, 0.5, k))
        self.means = nn.Parameter(torch.linspace(-1.0, 1.0, k * d).view(k, d))
        self.raw_scales = nn.Parameter(torch.zeros(k, d))
        self.min_scale = 1e-3

    @property
    def log_weights(self) -> Tensor:
        return F.log_softmax(self.logits, dim=-1)

    @property
    def scales(self) -> Tensor:
        return F.softplus(self.raw_scales) + self.min_scale

    def log_prob(self, z: Tensor) -> Tensor:
        diff = (z.unsqueeze(-2) - self.means) / self.scales
        comp = -0.5 * (diff.pow(2) + math.log(2 * math.pi)).sum(-1) - self.scales.log().sum(-1)
        return torch.logsumexp(comp + self.log_weights, dim=-1)


class Encoder(nn.Module):
    def __init__(self, cin: int = 8, d: int = 3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(cin, 16), nn.Tanh(), nn.Linear(16, 2 * d))

    def forward(self, x: Tensor):
        mu, log_var = self.net(x).chunk(2, dim=-1)
        return mu, log_var.clamp(-6.0, 4.0)


class VaDE(nn.Module):
    """VAE with a mixture prior: returns the cluster responsibilities and the prior log-density."""

    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.prior = GaussianMixturePrior()

    def forward(self, x: Tensor):
        mu, log_var = self.enc(x)
        z = mu  # eval: posterior mean
        log_p = self.prior.log_prob(z)
        diff = (z.unsqueeze(-2) - self.prior.means) / self.prior.scales
        joint = self.prior.log_weights - 0.5 * diff.pow(2).sum(-1)
        return torch.softmax(joint, dim=-1), log_p, log_var.exp()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.vade = VaDE()

    def forward(self, x):
        return self.vade(x)


def inputs():
    torch.manual_seed(5320)
    return [(torch.randn(5, 8),), (torch.randn(2, 6, 8),)]
