# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class PoissonCountHead(nn.Module):
    """Count regression head returning the Poisson log-likelihood of a fixed count k."""

    def __init__(self, dim: int = 5, k: int = 3):
        super().__init__()
        self.k = k
        self.rate = nn.Linear(dim, 1)

    def forward(self, h):
        lam = F.softplus(self.rate(h)).squeeze(-1) + 1e-4
        log_norm = math.lgamma(self.k + 1)
        return self.k * torch.log(lam) - lam - log_norm


Model = PoissonCountHead


def inputs():
    torch.manual_seed(2616)
    return [(torch.randn(3, 5),), (torch.randn(2, 4, 5),)]
