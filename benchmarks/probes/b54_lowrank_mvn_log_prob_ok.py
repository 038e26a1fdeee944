# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.distributions import LowRankMultivariateNormal


class LowRankLatentPrior(nn.Module):
    """Probabilistic: factor-analysis style low-rank-plus-diagonal Gaussian; returns log_prob of the inputs."""

    def __init__(self, d: int = 5, rank: int = 2):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(d))
        self.factor = nn.Parameter(torch.randn(d, rank) * 0.3)
        self.log_diag = nn.Parameter(torch.zeros(d))

    def forward(self, z):
        dist = LowRankMultivariateNormal(self.loc, self.factor, self.log_diag.exp(), validate_args=False)
        return dist.log_prob(z)


Model = LowRankLatentPrior


def inputs():
    torch.manual_seed(5424)
    return [(torch.randn(4, 5),), (torch.randn(7, 5),)]
