# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def inverse_softplus(y: float) -> float:
    return math.copysign(1.0, y) * math.log(math.expm1(abs(y)))


class GaussianHead(nn.Module):
    """Probabilistic regression head; the std offset is initialised via an inverse softplus."""

    def __init__(self, dim: int = 6, init_std: float = 0.3):
        super().__init__()
        self.init_std = init_std
        self.mu = nn.Linear(dim, 1)
        self.raw = nn.Linear(dim, 1)

    def forward(self, x):
        offset = inverse_softplus(self.init_std)
        std = F.softplus(self.raw(x) + offset)
        return self.mu(x), std


Model = GaussianHead


def inputs():
    torch.manual_seed(2716)
    return [(torch.randn(4, 6),), (torch.randn(2, 3, 6),)]
