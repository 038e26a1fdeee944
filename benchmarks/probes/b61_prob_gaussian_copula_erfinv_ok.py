# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Gaussian-copula forecaster head: empirical-CDF ranks of each series are mapped to normal
    scores with erfinv, then mixed by a learned low-rank factor."""

    def __init__(self, n_series: int = 5, rank: int = 2):
        super().__init__()
        self.factor = nn.Linear(n_series, rank, bias=False)
        self.out = nn.Linear(rank, n_series)

    def forward(self, y: torch.Tensor) -> torch.Tensor:
        t = y.shape[1]
        ranks = y.argsort(dim=1).argsort(dim=1).to(y.dtype)
        u = (ranks + 0.5) / t
        z = math.sqrt(2.0) * torch.erfinv(2 * u - 1)
        return self.out(self.factor(z))


def inputs():
    torch.manual_seed(6124)
    return [(torch.randn(2, 20, 5),), (torch.randn(3, 37, 5),)]
