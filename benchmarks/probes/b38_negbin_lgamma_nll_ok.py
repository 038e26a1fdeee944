# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class NBConfig:
    n_genes: int = 6
    latent: int = 4
    eps: float = 1e-8


class NegBinDecoder(nn.Module):
    """scVI-style decoder: negative-binomial NLL of counts, written with torch.lgamma."""

    def __init__(self, cfg: NBConfig = NBConfig()):
        super().__init__()
        self.eps = cfg.eps
        self.px_scale = nn.Linear(cfg.latent, cfg.n_genes)
        self.log_theta = nn.Parameter(torch.zeros(cfg.n_genes))

    def forward(self, z, counts, library):
        mu = library * F.softmax(self.px_scale(z), dim=-1)
        theta = self.log_theta.exp()
        log_theta_mu = torch.log(theta + mu + self.eps)
        ll = (
            theta * (torch.log(theta + self.eps) - log_theta_mu)
            + counts * (torch.log(mu + self.eps) - log_theta_mu)
            + torch.lgamma(counts + theta)
            - torch.lgamma(theta)
            - torch.lgamma(counts + 1)
        )
        return -ll.sum(-1)


Model = NegBinDecoder


def inputs():
    torch.manual_seed(3823)
    return [
        (torch.randn(3, 4), torch.poisson(torch.full((3, 6), 4.0)), torch.full((3, 1), 20.0)),
        (torch.randn(5, 4), torch.poisson(torch.full((5, 6), 2.0)), torch.full((5, 1), 12.0)),
    ]
